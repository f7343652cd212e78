import { HOME_ADDRESS } from '../../demo/demo-traces';

/** The sandbox's user: the sender of mail from the outbox, at the demo's home address. */
export const OWNER = { name: 'You', email: 'me@example.com', address: HOME_ADDRESS } as const;
