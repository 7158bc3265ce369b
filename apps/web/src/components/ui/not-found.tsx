import { Link } from 'react-router';

/** 'Nothing here' with a way home: unknown routes, unknown products, malformed ids. */
export function NotFound({ title = 'Page not found', message }: { title?: string; message?: string }) {
  return (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p>{message ?? 'The page you are looking for does not exist or has moved.'}</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
