import type { AuditEntry } from '@verity/shared';
import { Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { PanelSection } from '../../components/panel-section';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/form-errors';
import { type AuditFilters, downloadAuditCsv, NO_AUDIT_FILTERS, useAdminOrganisations, useAuditLog } from './api';
import { auditDetails, auditKindLabel, auditRecord, auditTime } from './audit-labels';

/**
 * Who did what, when, from which address, on which record: newest first, filtered, older entries
 * on demand, and the same view exported as CSV.
 */
export function AuditSection() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const kinds = log.data?.pages[0]?.kinds ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (cause) {
      toast.error(errorMessage(cause, 'The audit log could not be exported.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <PanelSection
      title="Audit log"
      description="Sign-ins, account and access changes, sharing, deletions, the library, organisations and settings — newest first, in UK time."
      actions={
        <Button variant="secondary" onClick={exportCsv} loading={exporting}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </Button>
      }
    >
      <AuditFilterForm kinds={kinds} onApply={setFilters} />
      <div className="mt-4">
        {log.isPending ? (
          <ListLoading message="Loading the audit log…" />
        ) : log.isError ? (
          <ListLoadFailed message={errorMessage(log.error, 'The audit log could not be loaded.')} onRetry={() => void log.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-slate-600 text-sm">Nothing matches these filters.</p>
        ) : (
          <div className={cn(log.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <AuditTable entries={entries} />
            {log.hasNextPage && (
              <div className="mt-3 flex justify-center">
                <Button variant="secondary" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
                  Show older entries
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </PanelSection>
  );
}

function AuditFilterForm({ kinds, onApply }: { kinds: string[]; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const organisations = useAdminOrganisations();
  const kindId = useId();
  const organisationId = useId();
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const invalidDates = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalidDates) onApply(draft);
  };

  const selectClass = 'focus-ring h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base sm:text-sm';
  return (
    <form onSubmit={submit} aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" noValidate>
      <div className="flex flex-col gap-1.5 lg:col-span-2">
        <label htmlFor={kindId} className="font-medium text-slate-800 text-sm">
          Event
        </label>
        <select id={kindId} value={draft.kind} onChange={set('kind')} className={selectClass}>
          <option value="">Any event</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {auditKindLabel(kind)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5 lg:col-span-2">
        <label htmlFor={organisationId} className="font-medium text-slate-800 text-sm">
          Organisation
        </label>
        <select id={organisationId} value={draft.organisation_id} onChange={set('organisation_id')} className={selectClass}>
          <option value="">Any organisation</option>
          {(organisations.data?.organisations ?? []).map((organisation) => (
            <option key={organisation.id} value={organisation.id}>
              {organisation.name}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Person" value={draft.actor} onChange={set('actor')} placeholder="Name or e-mail" className="lg:col-span-2" />
      <TextField label="From" type="date" value={draft.from} onChange={set('from')} className="lg:col-span-2" />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        onChange={set('to')}
        error={invalidDates ? 'The end date is before the start date.' : undefined}
        className="lg:col-span-2"
      />
      <div className="flex items-end gap-2 lg:col-span-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {['When', 'Event', 'Record', 'Who', 'Organisation', 'Address', 'Details'].map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-slate-200 border-t align-top">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums text-slate-700">
                <time dateTime={entry.at}>{auditTime(entry.at)}</time>
              </td>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {auditKindLabel(entry.kind)}
              </th>
              <td className="px-3 py-2 text-slate-700">{auditRecord(entry)}</td>
              <td className="px-3 py-2">
                {entry.actor ? (
                  <>
                    <span className="block text-slate-900">{entry.actor.name}</span>
                    <span className="block text-slate-500 text-xs">{entry.actor.email}</span>
                  </>
                ) : (
                  <span className="text-slate-500">The system</span>
                )}
              </td>
              <td className="px-3 py-2 text-slate-700">{entry.organisation?.name ?? '—'}</td>
              <td className="px-3 py-2 font-mono text-slate-600 text-xs">{entry.ip ?? '—'}</td>
              <td className="px-3 py-2 text-slate-600">{auditDetails(entry) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
