import en from '../../locales/en.json';
import { setSourceMessages } from '../../rules/i18n';

// The build and the worker give t() its EN source messages; unit tests do the same (browser pages read theirs from
// the page's data block instead).
setSourceMessages(en);
