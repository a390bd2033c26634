/**
 * The contract's schemas that forms check their values with before they send, in a module of
 * their own: it is loaded, with zod, on a form's first check or when someone first types in a
 * form (`parseWith` and `preloadFormSchemas` in hooks/use-form-submit.ts), never with a page.
 * The browser bundle's contract is routes only, and the build keeps only the schemas a module
 * reaches (build/pure-schemas.ts), so a page loads no zod to show itself (docs/decisions.md).
 */
export {
  changePasswordSchema,
  createForumUserSchema,
  createReviewSchema,
  createWriteDocumentSchema,
  invitationRequestSchema,
  loginSchema,
  microsoftTenantIdSchema,
  passwordSchema,
  requestPasswordResetSchema,
  signupSchema,
  updateProfileSchema,
} from '@verity/shared';
