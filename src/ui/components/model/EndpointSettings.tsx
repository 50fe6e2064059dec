import { useState } from 'react';
import { ENDPOINT_PRESETS, MODEL_REQUIRED } from '../../../agents/endpoint';
import type { Result } from '../../../core/result';
import type { ModelSettings, ResolvedSettings } from '../../lib/model/settings';
import { setSecrets, useSecrets } from '../../lib/model/secrets';
import { Clamp } from '../Clamp';

export interface EndpointSettingsProps {
  settings: ModelSettings;
  onChange(next: ModelSettings): void;
  resolved: Result<ResolvedSettings>;
}

/** One labelled text input bound to a settings field. */
function Field({
  label,
  value,
  onChange,
  placeholder,
  testId,
  type = 'text',
  className,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  testId: string;
  type?: string;
  className?: string;
}) {
  return (
    <label className={`field ${className ?? ''}`}>
      <span>{label}</span>
      <input
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        aria-label={label}
        spellCheck={false}
      />
    </label>
  );
}

/** Where the model lives and how to ask it; presets only fill the base URL. */
export function EndpointSettings({ settings, onChange, resolved }: EndpointSettingsProps) {
  const secrets = useSecrets();
  // An empty model name is where everyone starts: it is a prompt until the person has typed in the field, not an error.
  const [typedModel, setTypedModel] = useState(false);
  const set = (k: keyof ModelSettings) => (v: string) => {
    if (k === 'model') setTypedModel(true);
    onChange({ ...settings, [k]: v });
  };
  const untouched = !typedModel && !resolved.ok && resolved.error === MODEL_REQUIRED;
  const summary = settings.model.trim() ? `${settings.model.trim()} at ${settings.baseUrl.trim()}` : 'no model set';
  return (
    <details className="panel endpoint" open data-testid="endpoint-settings">
      <summary>
        <strong>Endpoint</strong> <Clamp text={summary} className="muted" />
      </summary>
      <div className="endpoint-row">
        <label className="field">
          <span>preset</span>
          <select
            value=""
            aria-label="preset"
            data-testid="preset"
            onChange={(e) => {
              const p = ENDPOINT_PRESETS.find((x) => x.id === e.target.value);
              if (p) onChange({ ...settings, baseUrl: p.baseUrl });
            }}
          >
            <option value="">fill base URL…</option>
            {ENDPOINT_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <Field label="base URL" value={settings.baseUrl} onChange={set('baseUrl')} placeholder="http://localhost:11434/v1" testId="base-url" className="url" />
        <Field label="model" value={settings.model} onChange={set('model')} placeholder="e.g. qwen3:8b" testId="model-name" className="grow" />
      </div>
      <div className="endpoint-row">
        <label className="field key">
          <span>API key</span>
          <input
            type="password"
            value={secrets.apiKey}
            autoComplete="off"
            placeholder="none for local servers"
            onChange={(e) => setSecrets({ apiKey: e.target.value })}
            data-testid="api-key"
            aria-label="API key"
          />
        </label>
        <label className="field grow">
          <span>extra headers (JSON object, optional)</span>
          <input
            className="code"
            value={secrets.headers}
            placeholder='{"HTTP-Referer": "https://example.org"}'
            spellCheck={false}
            onChange={(e) => setSecrets({ headers: e.target.value })}
            data-testid="extra-headers"
            aria-label="extra headers"
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={secrets.remember} onChange={(e) => setSecrets({ remember: e.target.checked })} data-testid="remember-key" />
          remember key and headers for this tab
        </label>
      </div>
      <div className="endpoint-row">
        <Field label="temperature" value={settings.temperature} onChange={set('temperature')} testId="temperature" className="narrow" />
        <Field label="max tokens" value={settings.maxTokens} onChange={set('maxTokens')} placeholder="default" testId="max-tokens" className="narrow" />
        <Field label="max turns" value={settings.maxTurns} onChange={set('maxTurns')} placeholder="task’s" testId="max-turns" className="narrow" />
        <Field label="timeout (s)" value={settings.timeoutS} onChange={set('timeoutS')} testId="timeout" className="narrow" />
        <Field label="max reply (MiB)" value={settings.maxReplyMiB} onChange={set('maxReplyMiB')} testId="max-reply" className="narrow" />
        <Field label="$ / M tokens in" value={settings.priceIn} onChange={set('priceIn')} placeholder="optional" testId="price-in" className="narrow" />
        <Field label="$ / M tokens out" value={settings.priceOut} onChange={set('priceOut')} placeholder="optional" testId="price-out" className="narrow" />
        <label className="field">
          <span>driver</span>
          <select value={settings.driver} onChange={(e) => set('driver')(e.target.value)} aria-label="driver" data-testid="driver">
            <option value="history">history: the whole conversation</option>
            <option value="scratchpad">scratchpad: task + summaries, one call a step</option>
          </select>
        </label>
      </div>
      <p className="muted small key-note">
        The API key never leaves this page’s memory except as the <code>Authorization</code> header of requests to the base URL above. It is not saved with
        traces, exports, links or settings, and if the server echoes it (or an extra header’s value, or a <code>?key=</code> in the base URL) into a reply, it
        is saved and exported as <code>***</code>. “Remember for this tab” keeps the key and the extra headers in this tab’s session storage until the tab
        closes. Other settings are remembered in this browser, the base URL without its credentials. A reply larger than “max reply” is refused; it also caps
        the conversation re-sent each turn. The “scratchpad” driver (for a small local model) sends only the task, the tools, a short scratchpad of one-line
        result summaries written by the world and the last result, and runs one call per step.
      </p>
      <p className="muted small" data-testid="retry-after-note">
        Failed requests are retried up to 3 times. A server’s <code>Retry-After</code> is honoured only when the server lets this page read it: browsers hide
        the header from a page on another origin unless the server lists it in <code>Access-Control-Expose-Headers</code>. Without it, retries back off 0.5–4 s.
      </p>
      {resolved.ok ? null : untouched ? (
        <p className="muted small" data-testid="settings-prompt">
          Name the model to start.
        </p>
      ) : (
        <p className="error small" data-testid="settings-problem">
          {resolved.error}
        </p>
      )}
    </details>
  );
}
