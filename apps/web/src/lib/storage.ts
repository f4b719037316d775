/** Keys of everything the portal keeps in localStorage, in one place. */
export const STORAGE_KEYS = {
  apiToken: 'portal.apiToken',
  usuario: 'portal.usuario',
  sessaoExpiraEm: 'portal.sessaoExpiraEm',
  cpf: 'portal.cpf',
  email: 'portal.email',
  celular: 'portal.celular',
} as const;

/** The subset of the Web Storage API we use; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage, or a no-op store when it is unavailable (private mode, tests in node). */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access denied (e.g. storage disabled): fall through.
  }
  const mem = new Map<string, string>();
  return {
    getItem: (k) => mem.get(k) ?? null,
    setItem: (k, v) => void mem.set(k, v),
    removeItem: (k) => void mem.delete(k),
  };
}

/** sessionStorage (this tab only, gone when it closes), or a no-op store when unavailable. */
export function tabStorage(): KeyValueStorage {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // Access denied: fall through.
  }
  return memoryStorage();
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const mem = new Map(Object.entries(initial));
  return {
    getItem: (k) => mem.get(k) ?? null,
    setItem: (k, v) => void mem.set(k, v),
    removeItem: (k) => void mem.delete(k),
  };
}

/**
 * The CPF the next sign-in starts with ('Trocar perfil' ends the session and goes back to the
 * CPF step): this tab only (sessionStorage), forgotten once the sign-in page has read it.
 */
const CPF_PARA_ENTRAR = 'portal.cpfParaEntrar';

export function lembrarCpfParaEntrar(cpf: string): void {
  try {
    sessionStorage.setItem(CPF_PARA_ENTRAR, cpf);
  } catch {
    // No storage: the member types the CPF.
  }
}

export function cpfParaEntrar(): string {
  try {
    return sessionStorage.getItem(CPF_PARA_ENTRAR) ?? '';
  } catch {
    return '';
  }
}

export function esquecerCpfParaEntrar(): void {
  try {
    sessionStorage.removeItem(CPF_PARA_ENTRAR);
  } catch {
    // Nothing was kept.
  }
}
