import { useState } from 'react';
import type { EntryResult } from '../../../traces/suiteScore';
import { clampText, hoverText } from '../../lib/clamp';
import { specLabel } from '../../lib/specNames';
import { hrefFor } from '../../lib/route';
import type { SavedGotcha } from '../../lib/storage';
import type { AsyncState } from '../../lib/useAsync';
import { describeVerdicts } from '../../lib/userGotchas';
import { Clamp } from '../Clamp';
import { GotchaStatus } from './GotchaStatus';

/** One of the person's gotchas: what it was recorded as, what the verifiers say now, open and remove. */
export function UserGotchaRow({ g, result, onRemove }: { g: SavedGotcha; result: AsyncState<EntryResult> | undefined; onRemove(): void }) {
  const [confirm, setConfirm] = useState(false);
  const e = g.entry;
  const changed = result?.status === 'error' || (result?.status === 'done' && result.value.status !== 'unchanged');
  return (
    <tr className={changed ? 'gotcha-changed' : undefined} data-testid="user-gotcha">
      <th scope="row" className="stack-wide">
        <a href={hrefFor(['gotcha', g.id])} data-testid="open-gotcha">
          <Clamp text={e.label} />
        </a>
        {e.note ? <span className="published note wrap-anywhere" title={hoverText(e.note)}>{clampText(e.note, 600)}</span> : null}
      </th>
      <td className="stack-wide" data-label="world · task">
        <Clamp text={e.world} max={40} /> · <Clamp text={specLabel(e.world, e.task)} />
        <span className="published">
          <Clamp text={e.agent.model ?? e.agent.name} />
        </span>
      </td>
      <td className="small" data-label="recorded">
        {describeVerdicts(e.expected)}
      </td>
      <td className="small" data-label="now">
        <GotchaStatus entry={e} result={result} />
      </td>
      <td className="gotcha-actions stack-wide">
        {confirm ? (
          <>
            <button type="button" className="danger" onClick={onRemove} data-testid="confirm-remove-gotcha">
              Remove
            </button>
            <button type="button" onClick={() => setConfirm(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirm(true)} data-testid="remove-gotcha">
            Remove…
          </button>
        )}
      </td>
    </tr>
  );
}
