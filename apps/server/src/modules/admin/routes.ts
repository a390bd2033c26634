import { adminEndpoints, type FlagSettingView } from '@verity/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type FlagSetting, type FlagTarget, listFlagSettings, setFlag } from '../../core/flags.ts';
import type { Database } from '../../db/connect.ts';
import { organisations } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import type { RouteDeps } from '../../route-deps.ts';
import { auditCsv, auditPage } from './audit.ts';
import { broadcast } from './broadcast.ts';
import { adminLibraryRoutes } from './library-routes.ts';
import { CHECK_TIMEOUT_MS, checkProvider } from '../../core/provider/check.ts';
import { providerSettingsFor } from '../../core/provider/settings.ts';
import {
  addMicrosoftTenant,
  createOrganisationAsAdmin,
  listOrganisations,
  removeMicrosoftTenant,
  updateOrganisationAsAdmin,
} from './organisations.ts';
import { deleteOrganisationAsAdmin } from './organisation-delete.ts';
import { listOutbox, readOutboxMessage, systemStatus } from './status.ts';
import { listUsers, resendVerificationAsAdmin, signOutEverywhere, updateUserAsAdmin } from './users.ts';

/** What Verity's administrators run across organisations: organisations, people, feature flags, the audit log and the system's status. */
export async function adminRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  await adminLibraryRoutes(app, deps);

  route(app, adminEndpoints.organisations, { handler: async () => ({ organisations: await listOrganisations(db) }) });

  route(app, adminEndpoints.createOrganisation, {
    handler: async ({ auth, body }) => createOrganisationAsAdmin({ db, adminId: auth.userId, name: body.name }),
  });

  route(app, adminEndpoints.updateOrganisation, {
    handler: async ({ auth, params, body }) =>
      updateOrganisationAsAdmin({ db, adminId: auth.userId, organisationId: params.organisationId, ...body }),
  });

  route(app, adminEndpoints.deleteOrganisation, {
    handler: async ({ auth, params, body }) => {
      const { rows } = await deleteOrganisationAsAdmin({
        db,
        adminId: auth.userId,
        organisationId: params.organisationId,
        confirmName: body.name,
      });
      return { message: `${body.name.trim()} deleted: ${rows.toLocaleString('en-GB')} records removed.`, rows };
    },
  });

  route(app, adminEndpoints.addMicrosoftTenant, {
    handler: async ({ auth, params, body }) =>
      addMicrosoftTenant({ db, adminId: auth.userId, organisationId: params.organisationId, tenantId: body.tenant_id }),
  });

  route(app, adminEndpoints.removeMicrosoftTenant, {
    handler: async ({ auth, params }) =>
      removeMicrosoftTenant({ db, adminId: auth.userId, organisationId: params.organisationId, tenantId: params.tenantId }),
  });

  route(app, adminEndpoints.users, { handler: async ({ query }) => listUsers(db, query) });

  route(app, adminEndpoints.updateUser, {
    handler: async ({ auth, params, body }) => updateUserAsAdmin({ db, adminId: auth.userId, userId: params.userId, ...body }),
  });

  route(app, adminEndpoints.signOutUser, {
    handler: async ({ auth, params }) => {
      await signOutEverywhere({ db, adminId: auth.userId, userId: params.userId });
      return { message: 'Signed out everywhere.' };
    },
  });

  route(app, adminEndpoints.resendVerification, {
    handler: async ({ auth, params }) => {
      const sent = await resendVerificationAsAdmin({
        db,
        config: deps.config,
        mailer: deps.mailer,
        adminId: auth.userId,
        userId: params.userId,
      });
      return {
        sent,
        message: sent ? 'A new verification link is on its way.' : 'A link was sent less than 5 minutes ago; it still works.',
      };
    },
  });

  route(app, adminEndpoints.status, { handler: async () => systemStatus({ database: deps.database, config: deps.config }) });

  route(app, adminEndpoints.checkConnections, {
    handler: async () => {
      const [ai, email] = await Promise.all([checkProvider(providerSettingsFor(deps.config)), deps.mailer.check(CHECK_TIMEOUT_MS)]);
      return { ai, email };
    },
  });

  route(app, adminEndpoints.outbox, { handler: async ({ query }) => listOutbox(db, query.page) });

  route(app, adminEndpoints.outboxMessage, {
    handler: async ({ auth, params }) => readOutboxMessage({ db, admin: auth, messageId: params.messageId }),
  });

  route(app, adminEndpoints.broadcast, {
    handler: async ({ auth, body }) => {
      const recipients = await broadcast({ db, adminId: auth.userId, input: body });
      return { recipients, message: `Sent to ${recipients} ${recipients === 1 ? 'person' : 'people'}.` };
    },
  });

  route(app, adminEndpoints.audit, { handler: async ({ query }) => auditPage(db, query) });

  route(app, adminEndpoints.auditExport, {
    handler: async ({ query, reply }) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('x-content-type-options', 'nosniff')
        .send(await auditCsv(db, query)),
  });

  route(app, adminEndpoints.flags, { handler: async () => ({ settings: await presentedSettings(db) }) });

  route(app, adminEndpoints.setFlag, {
    handler: async ({ auth, body }) => {
      const target = await targetOf(db, body);
      const { changed } = await setFlag({ db, flag: body.flag, target, enabled: body.enabled, by: { via: 'admin', userId: auth.userId } });
      return { changed, settings: await presentedSettings(db) };
    },
  });
}

async function targetOf(
  db: Database,
  body: { scope: FlagTarget['scope']; role?: FlagSetting['role']; organisation_id?: string },
): Promise<FlagTarget> {
  if (body.scope === 'role' && body.role) return { scope: 'role', role: body.role };
  if (body.scope === 'organisation' && body.organisation_id) {
    const [organisation] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, body.organisation_id))
      .limit(1);
    if (!organisation) throw notFound('There is no organisation with that id.');
    return { scope: 'organisation', organisationId: organisation.id };
  }
  return { scope: 'global' };
}

async function presentedSettings(db: Database): Promise<FlagSettingView[]> {
  return (await listFlagSettings(db)).map((setting) => ({
    flag: setting.flag,
    scope: setting.scope,
    role: setting.role,
    organisation_id: setting.organisationId,
    enabled: setting.enabled,
  }));
}
