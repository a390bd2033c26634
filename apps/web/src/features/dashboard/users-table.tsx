import { type DashboardPeriod, MESSAGES, type OrganisationUsers } from '@verity/shared';
import { ArrowDownWideNarrow, ArrowUpDown, ArrowUpNarrowWide, FileSpreadsheet } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { ListEmpty } from '../../components/list-states';
import { ListSearch } from '../../components/list-search';
import { Button } from '../../components/ui/button';
import { ScrollHint, useHorizontalOverflow } from '../../components/ui/table-scroll';
import { saveBlob } from '../../lib/download';
import { formatShortDate } from '../../lib/format-date';
import { cn } from '../../lib/cn';
import { useOrganisationUsers } from './api';
import { useAuthStore } from '../../lib/auth-store';
import { type MemberAction, MemberActions, useMemberActions } from './member-actions';
import { formatNumber } from '../../lib/format-number';
import { ACTIVITY_LABELS, ROLE_LABELS } from './format';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { TablePager } from './table-pager';
import {
  firstDirection,
  pageOf,
  pagesFor,
  type Sort,
  type SortKey,
  searchRows,
  sortRows,
  toUserRow,
  type UserRow,
  usersCsv,
  usersCsvFileName,
} from './users-model';

const SEARCH_MAX_LENGTH = 100;

const COLUMNS: readonly { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'lastActive', label: 'Last active' },
  { key: 'sessions', label: 'Sessions', numeric: true },
  { key: 'activity', label: 'Activity level' },
  { key: 'tasks', label: 'Tasks', numeric: true },
];

const ACTIVITY_STYLES = {
  high: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  medium: 'bg-sky-50 text-sky-800 ring-sky-200',
  low: 'bg-amber-50 text-amber-900 ring-amber-200',
  inactive: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

/** The organisation's members with their activity in the period. */
export function UsersSection({ days }: { days: DashboardPeriod }) {
  const query = useOrganisationUsers(days);
  return (
    <PanelSection
      title="Users"
      description="Everyone in your organisation, with their sign-ins and tasks in the period. Use a person’s actions menu to change their role, deactivate or reactivate them, or hand their work over."
    >
      <QueryContent query={query} errorMessage={MESSAGES.organisationUsersFailed} loadingMessage="Loading users…">
        {(data) => <UsersTable data={data} days={days} />}
      </QueryContent>
    </PanelSection>
  );
}

function UsersTable({ data, days }: { data: OrganisationUsers; days: DashboardPeriod }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'activity', direction: 'descending' });
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const [scroller, overflow] = useHorizontalOverflow();

  const rows = useMemo(() => data.users.map(toUserRow), [data]);
  const selfId = useAuthStore((state) => state.user?.user_id);
  const actions = useMemberActions(rows);
  // A name two people share is told apart by the address in the actions' accessible names.
  const shared = useMemo(() => {
    const seen = new Map<string, number>();
    for (const row of rows) seen.set(row.name, (seen.get(row.name) ?? 0) + 1);
    return seen;
  }, [rows]);
  const labelOf = (row: UserRow) => ((shared.get(row.name) ?? 0) > 1 ? `${row.name} (${row.email})` : row.name);
  const found = useMemo(() => searchRows(rows, deferredSearch), [rows, deferredSearch]);
  const sorted = useMemo(() => sortRows(found, sort), [found, sort]);
  const pages = pagesFor(sorted.length);
  const current = Math.min(page, pages);
  const visible = pageOf(sorted, current);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const sortBy = (key: SortKey) => {
    setSort((previous) =>
      previous.key === key
        ? { key, direction: previous.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: firstDirection(key) },
    );
    setPage(1);
  };
  const download = () => {
    saveBlob(new Blob([`\uFEFF${usersCsv(sorted)}`], { type: 'text/csv;charset=utf-8' }), usersCsvFileName(days));
  };

  if (rows.length === 0) return <ListEmpty title="No users in your organisation yet" className="py-8" />;

  return (
    <>
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <ListSearch
          value={search}
          onChange={changeSearch}
          maxLength={SEARCH_MAX_LENGTH}
          label="Search users"
          placeholder="Search by name or e-mail"
          searching={search !== deferredSearch}
          announcement={deferredSearch.trim() ? `${sorted.length} ${sorted.length === 1 ? 'user' : 'users'} found` : ''}
          className="w-full sm:max-w-xs"
        />
        <Button variant="secondary" size="sm" onClick={download} disabled={sorted.length === 0}>
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          Download CSV
        </Button>
      </div>
      {/* Above the table, not under it: a page of 25 people is taller than a phone's screen. */}
      {sorted.length > 0 && <ScrollHint overflow={overflow} className="mb-2" />}
      {sorted.length === 0 ? (
        <ListEmpty title={`No users match “${deferredSearch.trim()}”`} className="py-6" />
      ) : (
        // Not the shared TableScroll: the sortable headers and each row's actions already take the
        // keyboard across the columns, and a focusable scroller under an open actions menu is a
        // target the menu covers. The name and the actions stay in place; the hint says it scrolls.
        <div ref={scroller} className="-mx-4 sm:-mx-5 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Users, sorted by {COLUMNS.find((column) => column.key === sort.key)?.label.toLowerCase()} ({sort.direction}), page {current}{' '}
              of {pages}
            </caption>
            <thead className="border-slate-200 border-y bg-slate-50 text-slate-600">
              <tr>
                {COLUMNS.map((column) => (
                  <SortableHeader key={column.key} column={column} sort={sort} onSort={sortBy} />
                ))}
                <th scope="col" className="sticky right-0 bg-slate-50 py-1.5 pr-3 pl-2 text-right font-medium sm:pr-4">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <UserTableRow key={row.id} row={row} label={labelOf(row)} self={row.id === selfId} onChoose={actions.choose} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {actions.dialogs}
      <TablePager page={current} pages={pages} label="Pages of users" onPage={setPage} />
      <p className="mt-2 text-slate-500 text-xs">
        {formatNumber(sorted.length)} of {formatNumber(rows.length)} users
      </p>
    </>
  );
}

interface SortableHeaderProps {
  column: (typeof COLUMNS)[number];
  sort: Sort;
  onSort: (key: SortKey) => void;
}

function SortableHeader({ column, sort, onSort }: SortableHeaderProps) {
  const active = sort.key === column.key;
  const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={cn(
        'px-2 py-1.5 font-medium first:sticky first:left-0 first:bg-slate-50 first:pl-3 last:pr-3 sm:first:pl-4 sm:last:pr-4',
        column.numeric && 'text-right',
      )}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className={cn('focus-ring inline-flex items-center gap-1 rounded px-1 py-1 hover:text-slate-900', active && 'text-slate-900')}
      >
        {column.label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'text-slate-400')} />
      </button>
    </th>
  );
}

interface UserTableRowProps {
  row: UserRow;
  label: string;
  self: boolean;
  onChoose: (action: MemberAction, row: UserRow) => void;
}

function UserTableRow({ row, label, self, onChoose }: UserTableRowProps) {
  return (
    <tr className={cn('border-slate-100 border-b last:border-b-0', row.deactivated && 'bg-slate-50 text-slate-500')}>
      <th
        scope="row"
        className={cn(
          'sticky left-0 py-2 pr-3 pl-4 font-medium sm:pl-5',
          row.deactivated ? 'bg-slate-50 text-slate-600' : 'bg-white text-slate-900',
        )}
      >
        <span className="block whitespace-nowrap">{row.name}</span>
        <span className="mt-0.5 flex flex-wrap gap-1">
          {row.role !== 'standard' && (
            <span className="inline-flex rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 text-xs ring-1 ring-brand-200 ring-inset">
              {ROLE_LABELS[row.role]}
            </span>
          )}
          {row.deactivated && (
            <span className="inline-flex rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-800 text-xs ring-1 ring-slate-300 ring-inset">
              Deactivated
            </span>
          )}
        </span>
      </th>
      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{row.email}</td>
      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{row.lastActive ? formatShortDate(row.lastActive) : 'Never'}</td>
      <td className="px-3 py-2 text-right text-slate-900 tabular-nums">{formatNumber(row.sessions)}</td>
      <td className="px-3 py-2">
        <span className={cn('inline-flex rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset', ACTIVITY_STYLES[row.activity])}>
          {ACTIVITY_LABELS[row.activity]}
        </span>
      </td>
      <td className="px-3 py-2 text-right text-slate-900 tabular-nums">{formatNumber(row.tasks)}</td>
      {/* Kept in view on a phone, where the table scrolls sideways. A sticky cell paints in a layer
          of its own, so the rows below would cover its open menu: the cell holding focus (the open
          menu's) is raised above them. */}
      <td
        className={cn('sticky right-0 py-1 pr-3 pl-2 text-right focus-within:z-10 sm:pr-4', row.deactivated ? 'bg-slate-50' : 'bg-white')}
      >
        <MemberActions row={row} label={label} self={self} onChoose={onChoose} />
      </td>
    </tr>
  );
}
