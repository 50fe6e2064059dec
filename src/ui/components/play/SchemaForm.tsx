import { useState, type FormEvent } from 'react';
import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../../core/json';
import type { ToolCall, ToolSpec } from '../../../core/types';

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'json';

function kindOf(schema: Json | undefined): { kind: Kind; nullable: boolean } {
  const t = isJsonObject(schema) ? schema.type : undefined;
  const types = Array.isArray(t) ? t.map(String) : typeof t === 'string' ? [t] : [];
  const nullable = types.includes('null');
  const main = types.find((x) => x !== 'null');
  if (main === 'string' || main === 'integer' || main === 'number' || main === 'boolean') return { kind: main, nullable };
  return { kind: 'json', nullable };
}

/** Turn one field's text into a value, or say why it cannot be. */
function readField(kind: Kind, text: string, nullable: boolean): { ok: true; value: Json | undefined } | { ok: false; error: string } {
  if (text === '' && kind !== 'string') return { ok: true, value: nullable ? null : undefined };
  if (kind === 'string') return { ok: true, value: text };
  if (kind === 'boolean') return { ok: true, value: text === 'true' };
  if (kind === 'integer' || kind === 'number') {
    const n = Number(text);
    if (!Number.isFinite(n) || (kind === 'integer' && !Number.isInteger(n)))
      return { ok: false, error: `expected ${kind === 'integer' ? 'an integer' : 'a number'}` };
    return { ok: true, value: n };
  }
  const parsed = tryParseJson(text);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, error: `not JSON: ${parsed.error}` };
}

/** A form generated from a tool's JSON schema, so any tool can be called by hand. */
export function SchemaForm({ tool, onCall, disabled }: { tool: ToolSpec; onCall(call: ToolCall): void; disabled: boolean }) {
  const params = tool.function.parameters;
  const props = isJsonObject(params.properties) ? params.properties : {};
  const required = new Set(Array.isArray(params.required) ? params.required.map(String) : []);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const args: JsonObject = {};
    for (const [name, schema] of Object.entries(props)) {
      const { kind, nullable } = kindOf(schema);
      const r = readField(kind, values[name] ?? '', nullable);
      if (!r.ok) return setError(`${name}: ${r.error}`);
      if (r.value !== undefined && !(kind === 'string' && r.value === '' && !required.has(name))) args[name] = r.value;
    }
    setError(null);
    onCall({ name: tool.function.name, arguments: args });
  };

  return (
    <form className="schema-form" onSubmit={submit} aria-label={`Call ${tool.function.name}`}>
      <div className="muted small">{tool.function.description}</div>
      {Object.entries(props).map(([name, schema]) => {
        const { kind } = kindOf(schema);
        const desc = isJsonObject(schema) && typeof schema.description === 'string' ? schema.description : '';
        const id = `f-${tool.function.name}-${name}`;
        return (
          <label key={name} htmlFor={id} className="field">
            <span>
              {name}
              {required.has(name) ? ' *' : ''} <span className="muted small">{kind === 'json' ? 'JSON' : kind}</span>
            </span>
            {kind === 'json' ? (
              <textarea id={id} rows={3} value={values[name] ?? ''} placeholder={desc} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
            ) : kind === 'boolean' ? (
              <select id={id} value={values[name] ?? ''} onChange={(e) => setValues({ ...values, [name]: e.target.value })}>
                <option value="">—</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : (
              <input id={id} value={values[name] ?? ''} placeholder={desc} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
            )}
          </label>
        );
      })}
      {error ? <p className="error small">{error}</p> : null}
      <button type="submit" disabled={disabled}>
        Call {tool.function.name}
      </button>
    </form>
  );
}
