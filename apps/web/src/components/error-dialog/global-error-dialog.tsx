import { userActionFor } from '@verity/shared';
import { usePreloadWhenIdle } from '../../hooks/use-lazy-module';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../lib/auth-store';
import { useErrorDialogStore } from '../../lib/error-dialog-store';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { dialogPanelModule } from '../ui/overlay-modules';
import { buildSupportMailto } from './support-mailto';

/** The global error dialog: shown whenever an error payload is in the store. */
export function GlobalErrorDialog() {
  const payload = useErrorDialogStore((s) => s.payload);
  const close = useErrorDialogStore((s) => s.close);
  const user = useAuthStore((s) => s.user);
  const { data: config } = useAppConfig();
  // Errors often mean the connection has gone, when the dialog's code could no longer be fetched.
  usePreloadWhenIdle(dialogPanelModule);

  if (!payload) return null;
  const supportEmail = config?.support_email;

  const contactSupport = () => {
    if (supportEmail) window.location.href = buildSupportMailto(supportEmail, payload, user);
    close();
  };

  const footer = payload.actions ? (
    payload.actions.map((action) => (
      <Button
        key={action.label}
        variant={action.variant ?? 'secondary'}
        onClick={() => {
          action.onClick();
          if (action.closes !== false) close();
        }}
      >
        {action.label}
      </Button>
    ))
  ) : (
    <>
      {supportEmail && (
        <Button variant="secondary" onClick={contactSupport}>
          Contact Support
        </Button>
      )}
      <Button variant="primary" onClick={close} data-autofocus>
        {payload.recoverable ? 'OK' : 'Close'}
      </Button>
    </>
  );

  return (
    <Dialog open onClose={close} title={payload.title || 'Error'} role="alertdialog" size="sm" hideCloseButton footer={footer}>
      <p className="text-slate-700">{payload.description}</p>
      {!payload.actions && <p className="mt-2 text-slate-700 text-sm">{userActionFor(payload.code)}</p>}
      {payload.requestId && <p className="mt-3 font-mono text-slate-500 text-xs">Request ID: {payload.requestId}</p>}
    </Dialog>
  );
}
