import { useMemo, useState } from 'react';
import { EditableName } from './EditableName';
import { describeBytes, runIdentity, unhealthy, type ImportRun, type NamedBy } from '../../lib/importRuns';
import { clearImports, removeRuns, renameRun, retryRun, setRunIdentity, useLibrary } from '../../lib/library';
import { rewardChoices, type RewardChoices } from '../../lib/libraryQuery';
import { runStatuses } from '../../lib/rowKind';
import { Clamp } from '../Clamp';

/**
 * The imported files, one line each: a run the person names, gives an env and
 * a model (shown with where each came from), lists alone, or removes whole.
 * Below, what this browser keeps of them, and a way to clear it.
 */
export function RunsPanel({
  onShow,
  shown,
  rewards,
  onReward,
}: {
  onShow(run: string): void;
  shown: string;
  /** The reward column chosen per run (the URL's), and how to choose one (null: as imported). */
  rewards: Readonly<Record<string, string>>;
  onReward(run: string, column: string | null): void;
}) {
  const runs = useLibrary((s) => s.runs);
  const entries = useLibrary((s) => s.entries);
  const choices = useMemo(() => rewardChoices(entries), [entries]);
  const storage = useLibrary((s) => s.storage);
  const unread = useLibrary((s) => s.unread.length);
  const [confirmClear, setConfirmClear] = useState(false);
  const list = Object.values(runs).sort((a, b) => a.importedAt - b.importedAt);
  if (list.length === 0 && storage.files === 0 && !storage.error) return null;
  return (
    <div className="runs" data-testid="import-runs">
      <h2>Imported runs</h2>
      {list.length ? (
        // Its own scroll box on a phone: six columns do not fit 390 px without writing over each other.
        <div className="table-wrap" tabIndex={0} role="region" aria-label="imported runs">
          <table className="grid stack">
            <thead>
              <tr>
                <th>run</th>
                <th>env</th>
                <th>model</th>
                <th className="num">rows</th>
                <th>kept</th>
                <th>
                  <span className="sr-only">actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <RunLine
                  key={r.id}
                  run={r}
                  onShow={() => onShow(r.id === shown ? '' : r.id)}
                  shown={r.id === shown}
                  reward={{ choices: choices.get(r.id) ?? null, chosen: rewards[r.id] ?? null, choose: (c) => onReward(r.id, c) }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="muted small" data-testid="storage-info">
        {unread
          ? `Reading back the ${unread === 1 ? '' : `${unread} `}imported file${unread === 1 ? '' : 's'} kept in this browser…`
          : storage.files
            ? `${storage.files} imported file${storage.files === 1 ? '' : 's'} kept in this browser: ${describeBytes(storage.bytes)}`
            : 'No imported file is kept in this browser.'}
        {storage.estimate
          ? ` This site uses ${describeBytes(storage.estimate.usage)} of the ${describeBytes(storage.estimate.quota)} the browser allows it.`
          : ''}{' '}
        {storage.files ? (
          confirmClear ? (
            <span className="confirm" role="alertdialog" aria-label="confirm clearing imports">
              <span>Remove every imported run from this browser? Runs you played stay.</span>
              <button type="button" className="danger" onClick={() => void clearImports().then(() => setConfirmClear(false))} data-testid="clear-imports-yes">
                Clear
              </button>
              <button type="button" onClick={() => setConfirmClear(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" className="link" onClick={() => setConfirmClear(true)} data-testid="clear-imports">
              Clear stored imports…
            </button>
          )
        ) : null}
      </p>
      {storage.error ? <p className="error small">{storage.error}</p> : null}
    </div>
  );
}

interface RewardPick {
  choices: RewardChoices | null;
  chosen: string | null;
  choose(column: string | null): void;
}

function RunLine({ run, onShow, shown, reward }: { run: ImportRun; onShow(): void; shown: boolean; reward: RewardPick }) {
  const id = runIdentity(run);
  // A stored file that failed or stopped the page before is listed, not read: remove it, or try again.
  const broken = unhealthy(run);
  // "4 of 8 had errors", as Inspect View says it: a run whose samples failed is not a run that scored low.
  const status = useLibrary((s) => runStatuses(s.entries).get(run.id) ?? '');
  return (
    <tr data-testid="import-run">
      <td className="stack-wide">
        <EditableName value={run.label} label={`rename run ${run.label}`} onSave={(v) => void renameRun(run.id, v)} testId="run-label" />
        <div className="muted small">
          <Clamp text={run.source} max={80} /> · {describeBytes(run.size)}
        </div>
        {status ? (
          <div className="warn small" data-testid="run-status">
            {status}
          </div>
        ) : null}
        <RewardSelect label={run.label} pick={reward} />
      </td>
      <td data-label="env">
        <EditableName
          value={id.env ?? ''}
          placeholder="no env found"
          label={`env of ${run.label}`}
          onSave={(v) => void setRunIdentity(run.id, { env: v || null, model: run.edited.model })}
          testId="run-env"
        />
        <Origin from={id.envFrom} derived={run.derived.env} />
      </td>
      <td data-label="model">
        <EditableName
          value={id.model ?? ''}
          placeholder="no model found"
          label={`model of ${run.label}`}
          onSave={(v) => void setRunIdentity(run.id, { env: run.edited.env, model: v || null })}
          testId="run-model"
        />
        <Origin from={id.modelFrom} derived={run.derived.model} />
      </td>
      <td className="num" data-label="rows">
        {run.rows}
      </td>
      <td className="small" data-testid="run-stored" data-label="kept">
        {broken ? (
          <span className="warn" data-testid="run-broken">
            not read on this visit: <Clamp text={broken} max={300} />
          </span>
        ) : run.stored.ok ? (
          'in this browser'
        ) : (
          <span className="warn" title={run.stored.reason}>
            this tab only: {run.stored.reason}
          </span>
        )}
      </td>
      <td className="stack-wide">
        {broken ? (
          <button type="button" onClick={() => void retryRun(run.id)} data-testid="run-retry" title="Read the stored file once more">
            Try again
          </button>
        ) : (
          <button type="button" onClick={onShow} aria-pressed={shown} data-testid="run-show">
            {shown ? 'Show all' : 'Show only'}
          </button>
        )}{' '}
        <button type="button" className="danger" onClick={() => void removeRuns([run.id])} data-testid="run-remove">
          Remove
        </button>
      </td>
    </tr>
  );
}

/**
 * Which column a run's reward is read from: the one its import chose (said so), or any other numeric
 * column its rows carry (a part of a dict score, another scorer, a metric). The choice lives in the URL.
 */
function RewardSelect({ label, pick }: { label: string; pick: RewardPick }) {
  const { choices, chosen } = pick;
  if (!choices || choices.columns.length === 0) return null;
  const from = choices.from;
  // A column chosen in a link that these rows do not carry is listed too, so the link's choice is visible.
  const columns = chosen !== null && chosen !== from && !choices.columns.includes(chosen) ? [...choices.columns, chosen] : choices.columns;
  return (
    <div className="small run-reward">
      <label>
        reward from
        <select
          value={chosen ?? from ?? ''}
          onChange={(e) => pick.choose(e.target.value === (from ?? '') ? null : e.target.value)}
          aria-label={`reward of ${label}`}
          data-testid="run-reward"
        >
          <option value={from ?? ''}>{from ?? 'none'}</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {chosen !== null && chosen !== from ? (
        <div className="warn">chosen here; the import read {from ?? 'none'}</div>
      ) : (
        <div className="muted">as the import read it</div>
      )}
    </div>
  );
}

/** "from folder", "edited (folder said wiki-search)", "mixed: the rows name others too". */
function Origin({ from, derived }: { from: string | null; derived: NamedBy }) {
  if (from === null) return <div className="muted small">not named by the file</div>;
  const was = from === 'edited' ? (derived.value ? ` (the ${derived.from} said ${derived.value})` : ' (the file named none)') : '';
  return (
    <div className="muted small" data-testid="name-origin">
      from {from}
      {was}
      {derived.mixed && from !== 'edited' ? '; some rows name others' : ''}
    </div>
  );
}
