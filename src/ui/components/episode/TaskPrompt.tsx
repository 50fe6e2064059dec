import type { Task } from '../../../core/types';

/** The messages an agent starts from. */
export function TaskPrompt({ task, open = false }: { task: Task; open?: boolean }) {
  return (
    <details className="prompt" open={open}>
      <summary>Task prompt</summary>
      {task.prompt.map((m, i) => (
        <p key={i}>
          <span className="role">{m.role}</span> {m.content}
        </p>
      ))}
    </details>
  );
}
