/** An error a form or panel reports, announced to screen readers as it appears. */
export function ErrorAlert({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" class="error">
      {error}
    </p>
  );
}
