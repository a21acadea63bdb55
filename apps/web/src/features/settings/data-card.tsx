// Settings › Data Management: download an export of everything the account owns (JSON, plus the uploaded files
// unless left out: a preference this device keeps, saved with Save Changes) and the way to Delete Account.
import { EXPORT_FILES_PREFERENCE_KEY } from '@mixdesk/contract/account';
import { useMutation } from '@tanstack/react-query';
import { Database, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { Button, buttonClasses } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { useToast } from '../../ui/toast';
import { downloadExport } from './api';
import { SettingsCard } from './settings-card';

function storedPreference(): boolean {
  try {
    return localStorage.getItem(EXPORT_FILES_PREFERENCE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function DataCard() {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(storedPreference);
  const [includeFiles, setIncludeFiles] = useState(saved);
  const toast = useToast();
  const exporting = useMutation({
    mutationFn: downloadExport,
    onSuccess: () => toast.notify('success', 'Your export is downloading'),
    onError: (err) =>
      toast.notify('error', err instanceof ApiError ? err.message : 'Failed to export your data'),
  });

  const save = () => {
    try {
      localStorage.setItem(EXPORT_FILES_PREFERENCE_KEY, String(includeFiles));
    } catch (error) {
      console.warn('Could not keep the export preference on this device', error);
    }
    setSaved(includeFiles);
    toast.notify('success', 'Export preference saved');
  };

  return (
    <SettingsCard
      icon={<Database aria-hidden="true" />}
      title="Data Management"
      description="Take a copy of everything you own, or delete your account."
      summary={`Exports are a ZIP with your data as JSON${saved ? ' and your uploaded files' : ' (files left out)'}.`}
      open={open}
      onConfigure={() => {
        if (open) setIncludeFiles(saved);
        setOpen((o) => !o);
      }}
      dirty={includeFiles !== saved}
      saving={false}
      onSave={save}
    >
      <Checkbox
        label="Include uploaded files (audio, documents and your photo)"
        checked={includeFiles}
        onCheckedChange={(checked) => setIncludeFiles(checked === true)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          onClick={() => exporting.mutate(includeFiles)}
          loading={exporting.isPending}
        >
          <Download aria-hidden="true" />
          {exporting.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
        <Link
          to="/profile?tab=security&action=delete-account"
          className={buttonClasses({ variant: 'link', className: 'text-danger' })}
        >
          Delete Account
        </Link>
      </div>
    </SettingsCard>
  );
}
