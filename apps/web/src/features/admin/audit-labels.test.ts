import { AUDIT_KINDS } from '@verity/shared';
import { describe, expect, it } from 'vitest';
import { auditDetails, auditKindLabel, auditRecord, auditTime } from './audit-labels';

describe('audit entries in words', () => {
  it('names each kind, and shows a kind it does not know as written', () => {
    expect(auditKindLabel('organisations.deactivated')).toBe('Organisation deactivated');
    expect(auditKindLabel('reports.exported')).toBe('reports.exported');
    // Every kind the log lists reads as words in its filter and rows, none as its key.
    for (const kind of AUDIT_KINDS) expect(auditKindLabel(kind), kind).toMatch(/^[A-Z][a-z-]+( [a-zA-Z-]+)*$/);
  });

  it('says what a handover moved, what role an approval gave and when a request was withdrawn', () => {
    expect(auditDetails({ data: { to_user_id: '01JUSER', write_documents: 3, reviews: 1, library_documents: 0 } })).toBe(
      '3 written documents · 1 review',
    );
    expect(auditDetails({ data: { role: 'champion' } })).toBe('as champion');
    expect(auditDetails({ data: { status: 'pending' } })).toBe('while waiting for approval');
    expect(auditDetails({ data: { fields: ['title'], published: false } })).toBe('changed title · not published');
    expect(auditDetails({ data: { count: 4 } })).toBe('4 tutorials');
  });

  it('says what a flag change did, to whom and how', () => {
    expect(auditDetails({ data: { flag: 'workforce-reports', scope: 'role', role: 'verity_admin', enabled: false, via: 'admin' } })).toBe(
      'workforce-reports · for the verity admin role · turned off · in the admin area',
    );
    expect(auditDetails({ data: { flag: 'data-library', scope: 'global', role: null, enabled: null, via: 'command_line' } })).toBe(
      'data-library · for everyone · setting cleared · at the command line',
    );
  });

  it('quotes names, and leaves out what says nothing', () => {
    expect(auditDetails({ data: { name: 'Riverside Care' } })).toBe('“Riverside Care”');
    expect(auditDetails({ data: { email_verified: false } })).toBe('');
    expect(auditDetails({ data: { fields: ['title', 'superseded_by'] } })).toBe('changed title, superseded by');
    expect(auditDetails({ data: { superseded_by: '01JDOC', told: 1 } })).toBe('1 person told');
    expect(auditDetails({ data: {} })).toBe('');
  });

  it('names the record: the person or organisation, else its kind', () => {
    expect(auditRecord({ subject: { type: 'user', id: 'u1', label: 'Priya Shah' } })).toBe('Priya Shah');
    expect(auditRecord({ subject: { type: 'chat_session', id: 'c1', label: null } })).toBe('Conversation');
    expect(auditRecord({ subject: null })).toBe('—');
    expect(auditDetails({ data: { roles: ['standard', 'verity_admin'] } })).toBe('as standard + verity admin');
    expect(auditDetails({ data: { via: 'sign_up', roles: ['standard'], organisation_created: true } })).toBe(
      'by signing up · as standard · with a new organisation',
    );
  });

  it('says how someone signed in or joined with single sign-on', () => {
    expect(auditDetails({ data: { method: 'microsoft' } })).toBe('with Microsoft');
    expect(auditDetails({ data: { via: 'microsoft', roles: ['standard'], organisation_created: false } })).toBe(
      'at the first Microsoft sign-in · as standard',
    );
    expect(auditDetails({ data: { via: 'forum', roles: ['guest'], organisation_created: true } })).toBe(
      'as a forum-only account · as guest · with a new organisation',
    );
    expect(auditDetails({ data: { require_activation: true } })).toBe('the forum asks to confirm the address');
    expect(auditDetails({ data: { tenant_id: '72f988bf-86f1-41af-91ab-2d7cd011db47' } })).toBe(
      'tenant 72f988bf-86f1-41af-91ab-2d7cd011db47',
    );
    expect(auditKindLabel('organisations.tenant_added')).toBe('Microsoft tenant linked');
    expect(auditDetails({ data: { name: 'Closing Trust', members: 3, rows: 1204 } })).toBe(
      '“Closing Trust” · 3 members · 1,204 records removed',
    );
  });

  it('writes times in UK time, whatever the season', () => {
    expect(auditTime('2026-07-01T08:30:00.000Z')).toBe('01/07/2026, 09:30');
    expect(auditTime('2026-12-01T08:30:00.000Z')).toBe('01/12/2026, 08:30');
    expect(auditTime('not a time')).toBe('');
  });
});
