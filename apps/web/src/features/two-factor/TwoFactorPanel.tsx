/**
 * The caller's two-factor authentication: turning it on (a QR code for an authenticator app, the
 * secret to type where scanning is not possible, the first code), the recovery codes shown once,
 * new recovery codes, turning it off (password and code).
 */
import { settingsEndpoints } from '@chat/contracts';
import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../../api';
import { ErrorAlert } from '../../ui/ErrorAlert';

interface Status {
  enabled: boolean;
  recovery_codes_left: number;
}

interface Enrolment {
  secret: string;
  qr_code: string;
}

export function TwoFactorSection() {
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    api(settingsEndpoints.webGetTwoFactor)
      .then(setStatus)
      .catch((e: unknown) => setError(errorText(e)));
  useEffect(() => void refresh(), []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const begin = () => run(async () => setEnrolment(await api(settingsEndpoints.webBeginTwoFactor)));
  const confirm = (code: string) =>
    run(async () => {
      setRecoveryCodes((await api(settingsEndpoints.webConfirmTwoFactor, { code })).recovery_codes);
      setEnrolment(null);
      await refresh();
    });
  const regenerate = (code: string) =>
    run(async () => {
      setRecoveryCodes((await api(settingsEndpoints.webRegenerateRecoveryCodes, { code })).recovery_codes);
      await refresh();
    });
  const disable = (password: string, code: string) =>
    run(async () => {
      await api(settingsEndpoints.webDisableTwoFactor, { password, code });
      setRecoveryCodes(null);
      await refresh();
    });

  return (
    <section class="two-factor" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title">Two-factor authentication</h3>
      <ErrorAlert error={error} />
      {!status && !error && <p role="status">Loading…</p>}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {status && !status.enabled && !enrolment && (
        <>
          <p>Two-factor authentication is off: your password alone logs you in.</p>
          <button type="button" class="primary" disabled={busy} onClick={() => void begin()}>
            Set up two-factor authentication
          </button>
        </>
      )}
      {status && !status.enabled && enrolment && <EnrolForm enrolment={enrolment} busy={busy} onCode={(code) => void confirm(code)} />}
      {status?.enabled && (
        <>
          <p>Two-factor authentication is on: logging in needs a code from your app. Recovery codes left: {status.recovery_codes_left}.</p>
          <CodeForm label="New recovery codes" busy={busy} onSubmit={(code) => void regenerate(code)} />
          <CodeForm label="Turn off two-factor authentication" withPassword busy={busy} onSubmit={(code, pw) => void disable(pw, code)} />
        </>
      )}
    </section>
  );
}

function EnrolForm({ enrolment, busy, onCode }: { enrolment: Enrolment; busy: boolean; onCode: (code: string) => void }) {
  return (
    <div class="two-factor-enrol">
      <p>Scan this code with an authenticator app (FreeOTP, Google Authenticator, 1Password…), then type the 6-digit code it shows.</p>
      <img class="two-factor-qr" src={enrolment.qr_code} alt="QR code of the two-factor secret" width={200} height={200} />
      <p>
        Cannot scan? Type this secret into the app: <code class="two-factor-secret">{enrolment.secret}</code>
      </p>
      <CodeForm label="Turn on" busy={busy} onSubmit={onCode} />
    </div>
  );
}

export function CodeForm({
  label,
  busy,
  withPassword = false,
  onSubmit,
}: {
  label: string;
  busy: boolean;
  withPassword?: boolean;
  onSubmit: (code: string, password: string) => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const id = label.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <form
      class="login-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(code.trim(), password);
        setCode('');
      }}
    >
      {withPassword && (
        <>
          <label for={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </>
      )}
      <label for={`${id}-code`}>Code</label>
      <input
        id={`${id}-code`}
        inputMode="numeric"
        autocomplete="one-time-code"
        required
        value={code}
        onInput={(e) => setCode(e.currentTarget.value)}
      />
      <button type="submit" class="primary" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div class="recovery-codes" role="status">
      <p>
        <b>Your recovery codes.</b> Each logs you in once without your app. Keep them somewhere safe: they are not shown again.
      </p>
      <ul>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
