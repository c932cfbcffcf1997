/** The band that opens a content page: its one heading and (a page staff made may have none) a line that says what the page is for. */
export function PageHero({ title, lead }: { title: string; lead?: string }) {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
    </section>
  );
}
