// SPEC §2 Profile, Security tab: Change Password, Enable 2FA (or manage it once on) and Delete Account, each real.
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { TWO_FACTOR_QUERY_KEY, useTwoFactorStatus } from '../../lib/account';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ChangePasswordDialog } from './change-password-dialog';
import { ConfirmTwoFactorDialog, type TwoFactorAction } from './confirm-two-factor-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';

export type SecurityDialog = 'password' | 'enable-2fa' | 'delete' | null;

function Row({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
      <div className="flex flex-1 gap-3">
        <span className="mt-0.5 text-muted [&_svg]:size-5">{icon}</span>
        <div className="flex flex-col gap-0.5">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">{title}</h3>
          <p className="text-sm text-muted">{description}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">{children}</div>
    </div>
  );
}

export function SecurityTab({
  email,
  initialDialog = null,
}: {
  email: string;
  initialDialog?: SecurityDialog;
}) {
  const [dialog, setDialog] = useState<SecurityDialog>(initialDialog);
  const [twoFactorAction, setTwoFactorAction] = useState<TwoFactorAction | null>(null);
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
  const enabled = status.data?.enabled ?? false;

  return (
    <Card className="divide-y divide-border">
      <Row
        icon={<KeyRound aria-hidden="true" />}
        title="Password"
        description="Change the password you sign in with. Other devices are signed out."
      >
        <Button onClick={() => setDialog('password')}>Change Password</Button>
      </Row>
      <Row
        icon={<ShieldCheck aria-hidden="true" />}
        title={
          <>
            Two-factor authentication
            {status.data && <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>}
          </>
        }
        description={
          enabled
            ? `Sign-in asks for a code from your authenticator app. ${status.data?.recoveryCodesRemaining ?? 0} recovery codes left.`
            : 'Ask for a code from an authenticator app as well as your password when signing in.'
        }
      >
        {enabled ? (
          <>
            <Button onClick={() => setTwoFactorAction('recovery-codes')}>New recovery codes</Button>
            <Button variant="danger" onClick={() => setTwoFactorAction('disable')}>
              Disable 2FA
            </Button>
          </>
        ) : (
          <Button variant="primary" onClick={() => setDialog('enable-2fa')} disabled={status.isPending}>
            Enable 2FA
          </Button>
        )}
      </Row>
      <Row
        icon={<Trash2 aria-hidden="true" className="text-danger" />}
        title="Delete Account"
        description="Delete your account and everything in it, for good."
      >
        <Button variant="danger" onClick={() => setDialog('delete')}>
          Delete Account
        </Button>
      </Row>

      <ChangePasswordDialog
        open={dialog === 'password'}
        onOpenChange={(o) => setDialog(o ? 'password' : null)}
      />
      <EnableTwoFactorDialog
        open={dialog === 'enable-2fa'}
        onOpenChange={(o) => setDialog(o ? 'enable-2fa' : null)}
        onEnabled={refresh}
      />
      <ConfirmTwoFactorDialog
        action={twoFactorAction}
        onClose={() => setTwoFactorAction(null)}
        onDone={refresh}
      />
      <DeleteAccountDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
        email={email}
        twoFactor={enabled}
      />
    </Card>
  );
}
