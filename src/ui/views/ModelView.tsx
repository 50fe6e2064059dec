import { useMemo } from 'react';
import { BatchPanel } from '../components/model/BatchPanel';
import { EndpointSettings } from '../components/model/EndpointSettings';
import { ModelEpisodeForRoute } from '../components/model/ModelEpisodeForRoute';
import '../components/model/model.css';
import { modelHref, readModelRoute } from '../lib/model/route';
import { useSecrets } from '../lib/model/secrets';
import { resolveSettings, saveSettings, useSettings } from '../lib/model/settings';
import type { Route } from '../lib/route';
import { useAsync } from '../lib/useAsync';
import { loadWorldUi } from '../worlds/registry';

/** Play any world against an OpenAI-compatible endpoint: one episode step by step, or a batch. */
export default function ModelView({ route }: { route: Route }) {
  const r = readModelRoute(route.query);
  const settings = useSettings();
  const secrets = useSecrets();
  const resolved = useMemo(() => resolveSettings(settings, secrets.apiKey, secrets.headers), [settings, secrets.apiKey, secrets.headers]);
  const kit = useAsync(() => loadWorldUi(r.world), [r.world]);

  return (
    <div className="model-view">
      <div className="model-top">
        <h1>Model agents</h1>
        <nav className="tabs" aria-label="Mode">
          <a
            className={`tab${r.tab === 'episode' ? ' tab-active' : ''}`}
            href={modelHref({ world: r.world })}
            aria-current={r.tab === 'episode' ? 'page' : undefined}
          >
            One episode, step by step
          </a>
          <a
            className={`tab${r.tab === 'batch' ? ' tab-active' : ''}`}
            href={modelHref({ tab: 'batch', world: r.world })}
            aria-current={r.tab === 'batch' ? 'page' : undefined}
          >
            Batch evaluation
          </a>
        </nav>
      </div>
      <EndpointSettings settings={settings} onChange={saveSettings} resolved={resolved} />
      {kit.status === 'loading' ? (
        <p className="muted">Loading {r.world}…</p>
      ) : kit.status === 'error' ? (
        <p className="error">{kit.message}</p>
      ) : r.tab === 'batch' ? (
        <BatchPanel key={kit.value.world.id} kit={kit.value} resolved={resolved} />
      ) : (
        <ModelEpisodeForRoute kit={kit.value} r={r} resolved={resolved} />
      )}
    </div>
  );
}
