import type { ConnectionCheck, OutboxMessageText, Reachability, SystemStatus } from '@verity/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ListPagination, pageCount } from '../../components/list-pagination';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format-number';
import { errorMessage } from '../../lib/form-errors';
import { readOutboxMessage, useCheckConnections, useOutbox, useSystemStatus } from './api';
import { auditTime } from './audit-labels';

/** The installation at a glance, and the e-mails it has sent or kept. */
export function SystemSection() {
  const status = useSystemStatus();
  const connections = useCheckConnections();
  return (
    <div className="space-y-6">
      <PanelSection
        title="System status"
        description="Read now from this installation. Checking the connections asks the AI provider for a few words and signs in to the SMTP server."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => connections.mutate()} loading={connections.isPending}>
              Check connections
            </Button>
            <Button variant="secondary" onClick={() => void status.refetch()} loading={status.isFetching && !status.isPending}>
              Check again
            </Button>
          </div>
        }
      >
        {connections.isError && <Alert className="mb-4">{errorMessage(connections.error, 'The connections could not be checked.')}</Alert>}
        <QueryContent query={status} loadingMessage="Reading the system status…" errorMessage="The system status could not be read.">
          {(data) => <StatusCards status={data} connections={connections.data} />}
        </QueryContent>
      </PanelSection>
      <OutboxPanel />
    </div>
  );
}

/** Bytes in the units people read: "48.2 MB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

function Card({ title, tone, children }: { title: string; tone: 'good' | 'warn'; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', tone === 'good' ? 'bg-emerald-600' : 'bg-amber-500')} />
        {title}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

/** A connection check's outcome as a fact: answered, not answered (why), or nothing to reach. */
function Reached({ check }: { check: Reachability }) {
  if (check.reachable === null) return <span className="text-slate-700">{check.detail}</span>;
  return (
    <span className={check.reachable ? 'text-emerald-800' : 'text-red-800'}>
      <span className="font-medium">{check.reachable ? 'Reachable. ' : 'Not reachable. '}</span>
      {check.detail}
    </span>
  );
}

/** The kinds of background job, in words. */
const JOB_KINDS: Record<string, string> = {
  ingest_document: 'Library ingestion',
  review_policy: 'Policy review',
  write_document: 'Writing from a transcript',
  embed_library: 'Semantic search vectors',
};

function StatusCards({ status, connections }: { status: SystemStatus; connections?: ConnectionCheck }) {
  const { database, ai, email, jobs } = status;
  const migrationsCurrent = database.migrations_applied === database.migrations_shipped;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title="Database" tone={migrationsCurrent ? 'good' : 'warn'}>
        <Fact label="Kind">{database.kind === 'embedded' ? 'Embedded (in the data folder)' : 'PostgreSQL'}</Fact>
        <Fact label="Server">PostgreSQL {database.server_version}</Fact>
        <Fact label="Size">{database.size_bytes === null ? 'Not known' : formatBytes(database.size_bytes)}</Fact>
        <Fact label="Migrations">
          {database.migrations_applied} of {database.migrations_shipped} applied
        </Fact>
        <Fact label="Version">Verity {status.version}</Fact>
      </Card>
      <Card title="AI provider" tone={connections?.ai.reachable === false ? 'warn' : 'good'}>
        <Fact label="Chat answers with">{ai.engine}</Fact>
        <Fact label="Provider">{ai.configured ? 'Configured' : 'None: the built-in engines work offline'}</Fact>
        {ai.model && <Fact label="Model">{ai.model}</Fact>}
        <Fact label="Semantic search">{ai.embeddings_model ? `With ${ai.embeddings_model}` : 'Off (search by words)'}</Fact>
        {connections && (
          <Fact label="Connection">
            <Reached check={connections.ai} />
          </Fact>
        )}
      </Card>
      <Card title="E-mail" tone={email.failed_last_day > 0 || connections?.email.reachable === false ? 'warn' : 'good'}>
        <Fact label="Delivery">{email.transport === 'smtp' ? 'Through SMTP' : 'Kept in the outbox below (no SMTP_URL)'}</Fact>
        {email.transport === 'smtp' && <Fact label="Last sent">{email.last_sent_at ? auditTime(email.last_sent_at) : 'Nothing yet'}</Fact>}
        <Fact label="Failed, last 24 hours">{formatNumber(email.failed_last_day)}</Fact>
        <Fact label="In the outbox">{formatNumber(email.in_outbox)}</Fact>
        {connections && (
          <Fact label="Connection">
            <Reached check={connections.email} />
          </Fact>
        )}
      </Card>
      <Card title="Background jobs" tone={jobs.failed > 0 ? 'warn' : 'good'}>
        <Fact label="Waiting">{formatNumber(jobs.queued)}</Fact>
        <Fact label="Running">{formatNumber(jobs.running)}</Fact>
        <Fact label="Done, last 24 hours">{formatNumber(jobs.succeeded_last_day)}</Fact>
        <Fact label="Failed">{formatNumber(jobs.failed)}</Fact>
      </Card>
      {jobs.recent_failures.length > 0 && (
        <section aria-label="Latest failed jobs" className="md:col-span-2">
          <h3 className="font-semibold text-slate-900">Latest failed jobs</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {jobs.recent_failures.map((job) => (
              <li key={job.id} className="flex flex-wrap gap-x-4 gap-y-1 px-3 py-2">
                <span className="text-slate-600 tabular-nums">{auditTime(job.failed_at)}</span>
                <span className="font-medium text-slate-900">{JOB_KINDS[job.kind] ?? job.kind}</span>
                <span className="min-w-0 flex-1 text-slate-700">
                  {job.error ?? 'No reason recorded'}
                  {job.kind === 'ingest_document' && (
                    <>
                      {' '}
                      <Link to="/admin?section=library" className="focus-ring rounded-sm text-brand-800 underline underline-offset-2">
                        Retry from the library’s ingestion jobs
                      </Link>
                    </>
                  )}
                </span>
                <span className="text-slate-500">
                  {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function OutboxPanel() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const [open, setOpen] = useState<OutboxMessageText | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState<string | null>(null);

  const show = async (id: string) => {
    setError(null);
    setReading(id);
    try {
      setOpen(await readOutboxMessage(id));
    } catch (cause) {
      setError(errorMessage(cause, 'The e-mail could not be opened.'));
    } finally {
      setReading(null);
    }
  };

  return (
    <PanelSection
      title="E-mail outbox"
      description="Every e-mail Verity has sent, newest first. Without SMTP, messages stay here: open one to pass its link on by hand (opening is recorded in the audit log)."
    >
      {error && <Alert className="mb-3">{error}</Alert>}
      <QueryContent query={outbox} loadingMessage="Loading the outbox…" errorMessage="The outbox could not be loaded.">
        {(data) =>
          data.messages.length === 0 ? (
            <p className="text-slate-600 text-sm">No e-mails yet.</p>
          ) : (
            <>
              <div className="overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
                  <caption className="sr-only">E-mails</caption>
                  <thead className="bg-slate-50 text-slate-700">
                    <tr>
                      {['When', 'To', 'Subject', 'What became of it'].map((column) => (
                        <th key={column} scope="col" className="px-3 py-2 font-semibold">
                          {column}
                        </th>
                      ))}
                      <th scope="col" className="px-3 py-2">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.messages.map((message) => (
                      <tr key={message.id} className="border-slate-200 border-t align-top">
                        <td className="whitespace-nowrap px-3 py-2 text-slate-600 tabular-nums">{auditTime(message.created_at)}</td>
                        <td className="px-3 py-2 text-slate-900">{message.to}</td>
                        <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                          {message.subject}
                        </th>
                        <td className="px-3 py-2 text-slate-700">
                          {message.failed ? 'Failed' : message.transport === 'smtp' ? 'Sent' : 'Kept in the outbox'}
                        </td>
                        <td className="px-3 py-2 text-right">
                          {message.transport === 'outbox' && (
                            <Button
                              variant="ghost"
                              size="sm"
                              loading={reading === message.id}
                              aria-label={`Open the e-mail “${message.subject}” to ${message.to}`}
                              onClick={() => void show(message.id)}
                            >
                              Open
                            </Button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ListPagination page={page} pages={pageCount(data)} label="Pages of e-mails" busy={outbox.isFetching} onPage={setPage} />
            </>
          )
        }
      </QueryContent>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.subject ?? ''}
        description={open ? `To ${open.to}, ${auditTime(open.created_at)}` : undefined}
        size="lg"
      >
        <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-slate-800 text-sm">
          {open?.text}
        </pre>
      </Dialog>
    </PanelSection>
  );
}
