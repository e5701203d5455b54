/** A form's outcome: the server's refusal (an alert) or what was done (a status). */
import { ErrorAlert } from '../../../ui/ErrorAlert';
import './personal.css';
import type { Save } from './useSave';

export function Feedback({ save }: { save: Save }) {
  return (
    <>
      <ErrorAlert error={save.error} />
      {save.done && (
        <p role="status" class="saved">
          {save.done}
        </p>
      )}
    </>
  );
}
