import { checkNoteClass, checkNoteId, VERIFIED_NOTE, type HomeWorldState } from '../lib/home/check';

/**
 * Under a home table: whether this browser has confirmed the rows the build
 * computed in Node. One line while pending and once verified, so the table
 * does not move when the check lands; a difference or a failure is an alert.
 */
export function HomeCheckNote({ world, state }: { world: string; state: HomeWorldState }) {
  const testId = `check-${world}`;
  const id = checkNoteId(world);
  const { check, rows } = state;
  if (check.status === 'differs')
    return (
      <div className="home-check error" role="alert" id={id} data-testid={testId}>
        <strong>✗ This browser computed different rows than the build did in Node.</strong> The table shows this browser&apos;s rows; the differences:
        <ul>
          {check.differences.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      </div>
    );
  if (check.status === 'error')
    return (
      <p className="home-check error" role="alert" id={id} data-testid={testId}>
        {rows ? `✗ Not verified in this browser — the rows shown are the build's: ${check.message}` : check.message}
      </p>
    );
  const text = {
    pending: rows ? 'Computed at build time in Node; verifying in this browser…' : 'Computing in this browser…',
    verified: VERIFIED_NOTE,
    computed: '✓ Computed in this browser.',
  }[check.status];
  return (
    <p className={checkNoteClass(check.status)} role="status" id={id} data-testid={testId}>
      {text}
    </p>
  );
}
