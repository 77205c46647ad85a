/**
 * The back office's "Sign-up and payments" areas (docs/back-office.md "Sign-up and payments"; permission
 * `settings.read` to see, `settings.write` to change; the server checks every call again):
 * - `cashierArea` (built-in mode only: in upstream mode the platform keeps registration, payments and log-in): the
 *   overview of what needs attention, the registration form's fields, the deposit payment methods, the withdrawal
 *   settings and the Google / Facebook log-in clients;
 * - `siteLinksArea` (both modes): the site's customer-service, social and app-download links.
 */
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import LinkIcon from '@mui/icons-material/Link';
import LoginIcon from '@mui/icons-material/Login';
import type { ConsoleArea } from '../registry';
import { PaymentMethodCreate, PaymentMethodEdit, PaymentMethodList } from './payment-methods';
import { RegistrationFieldEdit, RegistrationFieldList } from './registration';
import { CashierOverview, SocialLoginEdit, SocialLoginList, WithdrawSettingsPage } from './settings-pages';
import { SiteLinkEdit, SiteLinkList } from './links';

export const cashierArea: ConsoleArea = {
  name: 'cashier',
  permission: 'settings.read',
  upstream: false,
  resources: [
    { name: 'registration-fields', list: RegistrationFieldList, edit: RegistrationFieldEdit, icon: AppRegistrationIcon, options: { label: 'Registration form' } },
    { name: 'payment-methods', list: PaymentMethodList, edit: PaymentMethodEdit, create: PaymentMethodCreate, icon: CreditCardIcon, options: { label: 'Payment methods' } },
    { name: 'withdraw-settings' },
    { name: 'social-logins', list: SocialLoginList, edit: SocialLoginEdit, icon: LoginIcon, options: { label: 'Social log-in' } },
  ],
  pages: [
    { path: 'cashier-overview', label: 'Sign-up and payments', element: <CashierOverview /> },
    { path: 'withdraw-settings-page', label: 'Withdrawals settings', element: <WithdrawSettingsPage /> },
  ],
};

export const siteLinksArea: ConsoleArea = {
  name: 'site-links',
  permission: 'settings.read',
  upstream: true,
  resources: [{ name: 'site-links', list: SiteLinkList, edit: SiteLinkEdit, icon: LinkIcon, options: { label: 'Links' } }],
};

/** Both areas, in menu order. */
export const CASHIER_AREAS: ConsoleArea[] = [cashierArea, siteLinksArea];
