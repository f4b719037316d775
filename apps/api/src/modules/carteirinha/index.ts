/** What other areas use of 'Carteirinha': the digital card ('Carteirinha digital') reads the cards the member may see. */
export type { CarteirinhaRepository } from './repository';
