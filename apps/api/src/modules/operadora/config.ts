import { loadOperadora as carregar, type Operadora, OperadoraInvalida } from '@portal/operadora';
import { ConfigError } from '../../config';

export { envName, OVERRIDABLE } from '@portal/operadora';

/**
 * The operator configuration at the API's start (@portal/operadora reads and validates it): a bad
 * value is a ConfigError, which stops the server naming the variable or the file field.
 */
export function loadOperadora(dir: string, env: NodeJS.ProcessEnv): Operadora {
  try {
    return carregar(dir, env);
  } catch (err) {
    if (err instanceof OperadoraInvalida) throw new ConfigError(err.message);
    throw err;
  }
}
