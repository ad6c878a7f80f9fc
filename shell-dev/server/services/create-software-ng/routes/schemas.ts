/**
 * Pieces of the microservice's route schemas (the OAS has no description of create-software-ng;
 * these follow device-operations.md and the words its console shows).
 */
import { badRequest } from '../validation';

/** A list of devices: ids, or objects with an id (the console sends either); never empty. */
export function deviceIds(field: string) {
  return {
    type: 'array',
    minItems: 1,
    items: { anyOf: [{ type: ['string', 'number'] }, { type: 'object', required: ['id'] }], 'x-message': `${field} contains an entry without a device id.` },
    'x-message': `${field} must be a non-empty list of device ids.`,
  };
}

/** A failure of the route's schema: a bad request (400) in the service's error body. */
export const schemaError = (message: string) => badRequest(message);
