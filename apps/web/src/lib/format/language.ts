const LANGUAGES: Record<string, string> = {
  en: 'English',
  de: 'German',
  sl: 'Slovenian',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  hr: 'Croatian',
  nl: 'Dutch',
};

/** A two-letter language code by its English name ("de" → German); an unknown code in capitals. */
export const languageName = (code: string) => LANGUAGES[code] ?? (code ? code.toUpperCase() : '—');
