export function NotFound({ path }: { path: string[] }) {
  return (
    <section className="panel">
      <h2>Nothing at “#/{path.join('/')}”</h2>
      <p>
        The link may come from a newer version of the site. <a href="#/">Back to the worlds</a>.
      </p>
    </section>
  );
}
