/**
 * The receiver answered and refused this message (SMTP 5xx, HTTP 4xx): only refusals use up a message's
 * attempts. A receiver that cannot be reached or asks to try later (an outage) never fails a message for good.
 */
export class DeliveryRefused extends Error {}
