// Loaded on demand by CaptchaWidget, so the widget's code is fetched only on the two form pages and only
// once they are interactive. The "external" build keeps its worker and styles out of inline code, which the
// site's Content-Security-Policy would refuse.
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/global';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
