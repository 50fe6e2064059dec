export function NotFound({ path }: { path: string[] }) {
  return (
    <section className="panel">
      <h1>Nothing at “#/{path.join('/')}”</h1>
      <p>
        The link may come from a newer version of the site. <a href="#/">Back to the worlds</a>.
      </p>
    </section>
  );
}
