import { isJsonObject } from '../../core/json';
import type { AgentInfo } from '../../core/types';
import type { ImportedItem } from './types';

/** Where a run's env or model was read: the first of these that names it wins, in this order. */
export type IdentitySource = 'trace' | 'inspect log' | 'metadata.json' | 'row' | 'folder' | 'file name';

export interface Identity {
  env: string | null;
  envFrom: IdentitySource | null;
  model: string | null;
  modelFrom: IdentitySource | null;
  /** The run within its source: vf-eval's run folder, an Inspect run id. */
  run: string | null;
}

export interface PathIdentity {
  env: string | null;
  model: string | null;
  run: string | null;
  from: 'folder' | 'file name';
}

/** vf-eval replaces "/" in a model name by "--" in folder names. */
function envModel(name: string): { env: string; model: string } | null {
  const cut = name.indexOf('--');
  if (cut <= 0 || cut + 2 >= name.length) return null;
  return { env: name.slice(0, cut), model: name.slice(cut + 2).replace(/--/g, '/') };
}

/**
 * What a file's path says: vf-eval's own layout
 * `…/evals/<env>--<model>/<run>/results.jsonl`, else a file named
 * `<env>--<model>.jsonl`. Windows separators are read too (a dropped folder's
 * relative path, a path typed on the CLI).
 */
export function identityFromPath(path: string): PathIdentity | null {
  const parts = path.split(/[\\/]+/).filter((p) => p !== '');
  const file = parts[parts.length - 1] ?? '';
  if ((file === 'results.jsonl' || file === 'metadata.json') && parts.length >= 3) {
    const named = envModel(parts[parts.length - 3]!);
    if (named) return { ...named, run: parts[parts.length - 2]!, from: 'folder' };
  }
  const stem = file.replace(/\.(jsonl|json|eval)$/i, '');
  const named = envModel(stem);
  return named ? { ...named, run: null, from: 'file name' } : null;
}

/** How a library row names its agent: the model, else "human", else the agent's name. */
export function agentLabel(agent: Pick<AgentInfo, 'kind' | 'name' | 'model'>): string {
  return agent.model ?? (agent.kind === 'human' ? 'human' : agent.name);
}

/** vf-eval's default task name, written in every row that has no task of its own: it names nothing. */
const DEFAULT_TASK = 'default';

/**
 * The env and model of one imported item, and where each came from: the trace
 * itself; an Inspect log's eval spec; metadata.json; the row (our exports'
 * info.world and info.agent, the task column); then the file's path.
 */
export function identityOf(item: ImportedItem, path: PathIdentity | null): Identity {
  if (item.kind === 'native') {
    const t = item.trace;
    return { env: t.world, envFrom: 'trace', model: agentLabel(t.agent), modelFrom: 'trace', run: null };
  }
  const r = item.rollout;
  if (r.inspect) return { env: r.inspect.run.task, envFrom: 'inspect log', model: r.inspect.run.model, modelFrom: 'inspect log', run: r.inspect.run.runId };
  if (r.v1) {
    const fromPath = (v: string | null | undefined): IdentitySource | null => (v ? (path?.from ?? 'folder') : null);
    return {
      env: r.v1.env ?? path?.env ?? null,
      envFrom: r.v1.env ? 'row' : fromPath(path?.env),
      model: r.v1.model ?? path?.model ?? null,
      modelFrom: r.v1.model ? 'row' : fromPath(path?.model),
      run: r.v1.run,
    };
  }
  const id: Identity = { env: null, envFrom: null, model: null, modelFrom: null, run: path?.run ?? null };
  const setEnv = (env: string | null | undefined, from: IdentitySource) => {
    if (id.env === null && env) Object.assign(id, { env, envFrom: from });
  };
  const setModel = (model: string | null | undefined, from: IdentitySource) => {
    if (id.model === null && model) Object.assign(id, { model, modelFrom: from });
  };
  setEnv(r.metadata?.envId, 'metadata.json');
  setModel(r.metadata?.model, 'metadata.json');
  const info = r.info ?? {};
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  setEnv(str(info.world), 'row');
  // Hosted-run exports name the env in each row; verifiers routes by info.env_id (or the row's env_id).
  setEnv(str(r.extra.env_name), 'row');
  setEnv(str(r.extra.env_id) ?? str(info.env_id), 'row');
  setEnv(r.task !== DEFAULT_TASK ? r.task : null, 'row');
  const agent = info.agent;
  if (typeof agent === 'string') setModel(agent, 'row');
  else if (isJsonObject(agent) && typeof agent.name === 'string' && typeof agent.kind === 'string')
    setModel(agentLabel({ kind: agent.kind as AgentInfo['kind'], name: agent.name, model: typeof agent.model === 'string' ? agent.model : undefined }), 'row');
  setModel(str(r.extra.model), 'row');
  setEnv(path?.env, path?.from ?? 'folder');
  setModel(path?.model, path?.from ?? 'folder');
  return id;
}
