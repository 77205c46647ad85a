import type { Bindings } from '../../../env';
import type { PaymentMethod } from '../../../db/queries/payments';
import { demoProvider } from './demo-provider';
import { httpProvider } from './http-provider';
import type { PaymentProvider } from './provider';

/** The provider behind a site's payment method (`payment_methods.provider`: demo | http). */
export function providerFor(env: Bindings, method: PaymentMethod): PaymentProvider {
  return method.provider === 'http' ? httpProvider(env, method) : demoProvider(env, method);
}
