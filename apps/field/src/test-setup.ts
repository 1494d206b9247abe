// Every field-unit test file starts with the English catalogue loaded, as a phone in English does.
import { switchLanguage } from './lib/i18n.ts';

await switchLanguage('en', false);
