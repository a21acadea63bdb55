// Client shapes (SPEC §3 Client, §5 Client form, §7 Clients) shared by the server and the web screen.
import { z } from 'zod';
import { EMAIL_MAX, oneLine, text } from './auth.ts';
import { DATE_OR_BLANK, type ProjectStatus } from './projects.ts';

export const CLIENT_ROLES = [
  'artist',
  'producer',
  'label_executive',
  'manager',
  'booking_agent',
  'publisher',
  'sync_supervisor',
  'a_and_r',
  'venue_owner',
  'other',
] as const;
export const CLIENT_TYPES = [
  'individual',
  'band',
  'label',
  'management_company',
  'publisher',
  'venue',
  'brand',
  'other',
] as const;
export const CLIENT_STATUSES = ['active', 'potential', 'on_hold', 'completed', 'inactive'] as const;
export const CONTACT_METHODS = ['email', 'phone'] as const;

export type ClientRole = (typeof CLIENT_ROLES)[number];
export type ClientType = (typeof CLIENT_TYPES)[number];
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** Linked projects in these statuses count as the client's active / completed projects. */
export const ACTIVE_PROJECT_STATUSES = [
  'planning',
  'in_progress',
  'recording',
  'mixing',
  'mastering',
] as const satisfies readonly ProjectStatus[];
export const COMPLETED_PROJECT_STATUSES = [
  'completed',
  'released',
] as const satisfies readonly ProjectStatus[];

export const CLIENT_NAME_MAX = 200;
export const CLIENT_TEXT_MAX = 200;
export const CLIENT_PHONE_MAX = 40;
export const CLIENT_NOTES_MAX = 5000;
export const LIST_MAX_ITEMS = 50;
export const LIST_ITEM_MAX = 200;
export const CLIENT_SEARCH_MAX = 200;
export const COUNT_MAX = 100_000;
/** Largest amount of money on a client, in currency units (keeps sums of cents exact in a double). */
export const MONEY_MAX = 1_000_000_000;
export const CLIENTS_PAGE_MAX = 100;
export const CLIENTS_PAGE_DEFAULT = 12;

/** The canonical IANA name of a time zone ('US/Eastern' -> 'America/New_York'), or null if unknown. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let currencies: Set<string> | undefined;
/** ISO 4217 codes the runtime knows (Intl), upper-case. */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return /^[A-Z]{3}$/.test(code) && currencies.has(code);
}

/** Money crosses the API in currency units with at most two decimals and is stored as integer cents. */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;
const hasAtMostTwoDecimals = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

const numberField = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be a finite number`,
  });

export const moneySchema = (label: string) =>
  numberField(label)
    .min(0, `${label} can't be negative`)
    .max(MONEY_MAX, `${label} must be at most ${MONEY_MAX.toLocaleString('en-US')}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimal places`);

const countSchema = (label: string) =>
  numberField(label)
    .int(`${label} must be a whole number`)
    .min(0, `${label} can't be negative`)
    .max(COUNT_MAX, `${label} must be at most ${COUNT_MAX.toLocaleString('en-US')}`);

/** Optional text: '' and null both clear the field (stored as null). */
const optionalText = (label: string, max: number) =>
  text(label)
    .overwrite(oneLine)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/** A list of short texts: trimmed, blanks dropped, duplicates (ignoring case) dropped, bounded. */
const textList = (label: string) =>
  z
    .array(
      text(`Each ${label.toLowerCase()} item`)
        .overwrite(oneLine)
        .trim()
        .max(LIST_ITEM_MAX, `Each item must be at most ${LIST_ITEM_MAX} characters`),
      {
        error: `${label} must be a list of texts`,
      },
    )
    .max(LIST_MAX_ITEMS, `${label} can have at most ${LIST_MAX_ITEMS} items`)
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (!item || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });

const enumField = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

export const ClientRoleSchema = enumField('Role', CLIENT_ROLES);
export const ClientTypeSchema = enumField('Type', CLIENT_TYPES);
export const ClientStatusSchema = enumField('Status', CLIENT_STATUSES);
export const ContactMethodSchema = enumField('Preferred contact method', CONTACT_METHODS);

export const ClientNameSchema = text('Name')
  .overwrite(oneLine)
  .trim()
  .min(1, 'Name is required')
  .max(CLIENT_NAME_MAX, `Name must be at most ${CLIENT_NAME_MAX} characters`);

/** As EmailSchema (contract/auth): the address check is the string's own, so the document shows its format. */
export const ClientEmailSchema = text('Email')
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required', abort: true })
  .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters`, abort: true })
  .check(z.email('Enter a valid email address'));

export const PhoneSchema = optionalText('Phone', CLIENT_PHONE_MAX).refine(
  (v) => v == null || (/^[0-9+()./\s-]+((x|ext\.?)\s*\d{1,6})?$/i.test(v) && /\d.*\d.*\d/.test(v)),
  'Phone may contain digits, spaces, + ( ) . - and an extension',
);

export const TimeZoneSchema = optionalText('Time zone', 64).transform((v, ctx) => {
  if (v == null) return v;
  const zone = canonicalTimeZone(v);
  if (!zone) {
    ctx.addIssue({ code: 'custom', message: 'Time zone must be an IANA name such as Europe/Berlin' });
    return z.NEVER;
  }
  return zone;
});

export const CurrencySchema = text('Currency')
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, 'Currency must be a three-letter ISO 4217 code such as USD');

export const BudgetSchema = z
  .strictObject(
    {
      min: moneySchema('Budget minimum'),
      max: moneySchema('Budget maximum'),
      currency: CurrencySchema.default('USD'),
    },
    { error: 'Budget must be an object with min, max and currency' },
  )
  .refine((b) => b.min <= b.max, {
    message: 'Budget minimum must not exceed the maximum',
    path: ['min'],
  });

const LastProjectDateSchema = text('Last project date')
  .meta(DATE_OR_BLANK)
  .trim()
  .nullish()
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z.iso
      .date('Last project date must be a date (YYYY-MM-DD)')
      .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', 'Last project date is out of range')
      .nullish(),
  );

const clientFields = {
  name: ClientNameSchema,
  email: ClientEmailSchema,
  phone: PhoneSchema,
  company: optionalText('Company', CLIENT_TEXT_MAX),
  role: ClientRoleSchema,
  type: ClientTypeSchema,
  status: ClientStatusSchema,
  location: optionalText('Location', CLIENT_TEXT_MAX),
  genres: textList('Genres'),
  budget: BudgetSchema.nullish(),
  preferredStudios: textList('Preferred studios'),
  equipment: textList('Equipment'),
  previousWork: textList('Previous work'),
  totalProjects: countSchema('Total projects'),
  activeProjects: countSchema('Active projects'),
  completedProjects: countSchema('Completed projects'),
  totalRevenue: moneySchema('Total revenue'),
  lastProjectDate: LastProjectDateSchema,
  preferredContactMethod: ContactMethodSchema.nullish(),
  timezone: TimeZoneSchema,
  notes: optionalText('Notes', CLIENT_NOTES_MAX),
};

/** POST /api/clients: name and email required, the rest defaulted (SPEC §4 defaults). */
export const CreateClientSchema = z.strictObject({
  ...clientFields,
  role: clientFields.role.default('artist'),
  type: clientFields.type.default('individual'),
  status: clientFields.status.default('potential'),
  genres: clientFields.genres.default([]),
  preferredStudios: clientFields.preferredStudios.default([]),
  equipment: clientFields.equipment.default([]),
  previousWork: clientFields.previousWork.default([]),
  totalProjects: clientFields.totalProjects.default(0),
  activeProjects: clientFields.activeProjects.default(0),
  completedProjects: clientFields.completedProjects.default(0),
  totalRevenue: clientFields.totalRevenue.default(0),
});
export type CreateClientInput = z.input<typeof CreateClientSchema>;
export type CreateClient = z.output<typeof CreateClientSchema>;

/** PUT /api/clients/:id: any subset of the fields; the ones left out keep their value. */
export const UpdateClientSchema = z
  .strictObject(clientFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change')
  .meta({ minProperties: 1 });
export type UpdateClientInput = z.input<typeof UpdateClientSchema>;
export type UpdateClient = z.output<typeof UpdateClientSchema>;

/** Query values from a form may be blank: a blank value means "no filter". */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const ClientListQuerySchema = z.object({
  page: blankAsAbsent(
    z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be at least 1')
      .max(100_000, 'Page is too large'),
  ).default(1),
  limit: blankAsAbsent(
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(CLIENTS_PAGE_MAX, `Limit must be at most ${CLIENTS_PAGE_MAX}`),
  ).default(CLIENTS_PAGE_DEFAULT),
  search: blankAsAbsent(
    text('Search').max(CLIENT_SEARCH_MAX, `Search must be at most ${CLIENT_SEARCH_MAX} characters`),
  ),
  role: blankAsAbsent(ClientRoleSchema),
  type: blankAsAbsent(ClientTypeSchema),
  status: blankAsAbsent(ClientStatusSchema),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

export const ClientIdParamsSchema = z.object({ id: z.string() });
export const ClientProjectParamsSchema = z.object({ id: z.string(), projectId: z.string() });
