import { Clamp } from '../components/Clamp';
import { GotchaStatus } from '../components/gotchas/GotchaStatus';
import { clampText } from '../lib/clamp';
import { hrefFor, type Route } from '../lib/route';
import { loadGotcha } from '../lib/storage';
import { useAsync } from '../lib/useAsync';
import { describeVerdicts, rescoreSaved } from '../lib/userGotchas';
import { readStepParam } from '../lib/stepParam';
import { recordedStates } from '../lib/stepStates';
import { EpisodeBody } from '../components/episode/EpisodeBody';
import { loadWorldUi } from '../worlds/registry';

/** One of the person's gotchas, replayed into the world as it is now: the episode, and what the verdicts were and are. */
export default function GotchaView({ route }: { route: Route }) {
  const id = route.path[1] ?? '';
  const step = readStepParam(route.query.get('step'));
  const opened = useAsync(async () => {
    const g = await loadGotcha(id);
    if (!g) return null;
    const [kit, result] = await Promise.all([loadWorldUi(g.entry.world, 'play'), rescoreSaved(g)]);
    return { g, kit, result };
  }, [id]);

  if (opened.status === 'loading') return <p className="muted">Replaying your gotcha…</p>;
  if (opened.status === 'error') return <p className="error">{opened.message}</p>;
  if (!opened.value)
    return (
      <section className="panel">
        <h1>No gotcha “{id}” in this browser</h1>
        <p>
          It may have been removed. <a href="#/">Your gotchas are on the home page</a>.
        </p>
      </section>
    );
  const { g, kit, result } = opened.value;
  const banner = (
    <section className="panel gotcha-banner" data-testid="gotcha-banner">
      <h1>
        Your gotcha “<Clamp text={g.entry.label} />”
      </h1>
      {g.entry.note ? <p className="note">{clampText(g.entry.note, 2_000)}</p> : null}
      <p className="small">
        Recorded: {describeVerdicts(g.entry.expected)}. Now: <GotchaStatus entry={g.entry} result={{ status: 'done', value: result }} />
      </p>
    </section>
  );
  const task = kit.world.makeTask(g.entry.task);
  if (!result.trace || !task.ok) return banner;
  return (
    <EpisodeBody
      titleLevel={2}
      kit={kit}
      task={task.value}
      trace={result.trace}
      states={recordedStates(kit.world, task.value, result.trace)}
      step={step}
      stepHref={(k) => hrefFor(['gotcha', id], { step: k })}
      banner={banner}
      canAddGotcha={false}
      fork={{ name: `gotcha “${g.entry.label}”`, href: hrefFor(['gotcha', id]), trace: result.trace }}
    />
  );
}
