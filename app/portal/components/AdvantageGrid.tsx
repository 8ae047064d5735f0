// The four advantages of the service, as shown on the landing page (/login) and on /about.
import { advantages } from "../landing-content";

export function AdvantageGrid() {
  return (
    <div className="value-grid">
      {advantages.map((a) => (
        <article key={a.title} className="value-card">
          <h3>{a.title}</h3>
          <p>{a.text}</p>
        </article>
      ))}
    </div>
  );
}
