import type { GroupRow } from '../../lib/libraryFilter';
import { Clamp } from '../Clamp';

/** Means per group; a group's name lists its rows (the grouping gives way to the group's filter). */
export function GroupTable({
  by,
  groups,
  nameOf,
  onOpen,
}: {
  by: string;
  groups: readonly GroupRow[];
  nameOf(key: string): string;
  onOpen(key: string): void;
}) {
  return (
    <table className="grid groups" data-testid="library-groups">
      <thead>
        <tr>
          <th>{by}</th>
          <th className="num">traces</th>
          <th className="num">mean full</th>
          <th className="num">mean naive</th>
          <th className="num">naive PASS · full FAIL</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.key} data-testid="library-group">
            <td>
              <button type="button" className="link" onClick={() => onOpen(g.key)} title={`List the ${g.n} traces of this ${by}`}>
                <Clamp text={nameOf(g.key)} />
              </button>
            </td>
            <td className="num">{g.n}</td>
            <td className="num">{g.reward?.toFixed(3) ?? '—'}</td>
            <td className="num">{g.naive?.toFixed(3) ?? '—'}</td>
            <td className="num">{g.disagreements}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
