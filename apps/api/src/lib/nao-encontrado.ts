import { AppError } from './app-error';

/** What a member gets for a code outside their contract: the same answer as a code that does not exist. */
export function beneficiarioNaoEncontrado(): AppError {
  return new AppError(404, 'NAO_ENCONTRADO', 'Beneficiário não encontrado neste contrato.');
}
