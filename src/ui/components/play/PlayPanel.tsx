import type { ComponentType } from 'react';
import type { PlayPanelProps } from '../../worlds/types';
import { SchemaForm } from './SchemaForm';

/** The input panel a person plays with: the world's own, plus a form for any tool. */
export function PlayPanel({ Play, ...props }: PlayPanelProps & { Play: ComponentType<PlayPanelProps> }) {
  return (
    <div className="play">
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
