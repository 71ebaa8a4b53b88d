import { ApiError, invalid, notFound } from '../errors.js';
import { isObject } from '../validation/fields.js';

/** One approved template: its variables and its text per language variant. */
export interface Template {
  id: string;
  variables: string[];
  variants: Record<string, string>;
}

/** The template catalogue (DESIGN §4; the spec does not show one). `en` is the default variant. */
export const templateCatalogue: Template[] = [
  {
    id: 'otp-verify',
    variables: ['code', 'company'],
    variants: {
      en: 'Your {company} verification code is {code}.',
      es: 'Tu código de verificación de {company} es {code}.',
      fr: 'Votre code de vérification {company} est {code}.',
      de: 'Ihr {company} Bestätigungscode lautet {code}.',
    },
  },
  {
    id: 'password-reset',
    variables: ['company', 'url', 'minutes'],
    variants: {
      en: 'Reset your {company} password at {url}. The link expires in {minutes} minutes.',
      es: 'Restablece tu contraseña de {company} en {url}. El enlace caduca en {minutes} minutos.',
      fr: 'Réinitialisez votre mot de passe {company} sur {url}. Le lien expire dans {minutes} minutes.',
      de: 'Setzen Sie Ihr {company} Passwort unter {url} zurück. Der Link läuft in {minutes} Minuten ab.',
    },
  },
  {
    id: 'appointment-reminder',
    variables: ['name', 'date', 'time'],
    variants: {
      en: 'Hi {name}, this is a reminder of your appointment on {date} at {time}.',
      es: 'Hola {name}, le recordamos su cita el {date} a las {time}.',
      fr: 'Bonjour {name}, rappel de votre rendez-vous le {date} à {time}.',
      de: 'Hallo {name}, wir erinnern an Ihren Termin am {date} um {time}.',
    },
  },
];

/** The default variant when none is given. */
export const DEFAULT_VARIANT = 'en';

/** What send-template names: a template, its variant and data, and the text to send when it is unavailable. */
export interface TemplateInput {
  template: string;
  variant?: string;
  data?: Record<string, unknown>;
  fallback?: string;
}

/**
 * Renders a template (spec §4.1 send-template). An unknown template, or an unknown variant of a
 * known one, is "unavailable": the `fallback` text is used if given, else 404 (template) or 400 (variant).
 */
export function renderTemplate(input: TemplateInput, catalogue: readonly Template[] = templateCatalogue): string {
  const { template: id, variant, data, fallback } = input;
  const template = catalogue.find((t) => t.id === id);
  // a catalogue without an `en` text defaults to its first variant
  const chosen = variant ?? (template && !(DEFAULT_VARIANT in template.variants) ? Object.keys(template.variants)[0] : DEFAULT_VARIANT);
  const text = template?.variants[chosen ?? DEFAULT_VARIANT];
  if (!template || text === undefined) {
    if (fallback !== undefined) return fallback;
    if (!template) throw notFound(`template ${id} does not exist: use one of ${catalogue.map((t) => t.id).join(', ')} or give a fallback`);
    throw invalid(`template ${id} has no variant ${variant}: use one of ${Object.keys(template.variants).join(', ')}`);
  }
  const values = data ?? {};
  const missing = template.variables.filter((v) => values[v] === undefined || values[v] === null);
  if (missing.length > 0) throw invalid(`data is missing template variables: ${missing.join(', ')}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => stringify(name, values[name]));
}

function stringify(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isObject(value) || Array.isArray(value)) throw invalid(`data.${name} must be a string, number or boolean`);
  throw new ApiError(400, 'validation_error', `data.${name} is missing`);
}
