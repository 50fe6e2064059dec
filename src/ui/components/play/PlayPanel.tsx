import { useEffect, useRef, type ComponentType } from 'react';
import type { PlayPanelProps } from '../../worlds/types';
import { SchemaForm } from './SchemaForm';

/**
 * The input panel a person plays with: the world's own, plus a form for any tool.
 * `send` never rejects (the driver says a failed call in the episode's banner),
 * so a button's `onCall` starts it and lets it run.
 */
export function PlayPanel({ Play, send, ...rest }: Omit<PlayPanelProps, 'onCall'> & { Play: ComponentType<PlayPanelProps> }) {
  const props: PlayPanelProps = { ...rest, send, onCall: (call) => void send(call) };
  // A button disabled while its call runs drops the focus to the page: a keyboard player would Tab back from the top
  // after every step. When the call is done, the focus goes back where it was, unless the person moved it meanwhile.
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = lastFocused.current;
    if (!props.busy && el?.isConnected && (document.activeElement === null || document.activeElement === document.body)) el.focus();
  }, [props.busy]);
  return (
    <div className="play" onFocus={(e) => (lastFocused.current = e.target)}>
      <Play {...props} />
      <details className="any-tool">
        <summary>Call any tool from its JSON schema</summary>
        {props.task.tools.map((t) => (
          <SchemaForm key={t.function.name} tool={t} onCall={props.onCall} disabled={props.busy} />
        ))}
      </details>
    </div>
  );
}
