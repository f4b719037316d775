export function RecuperarSenhaPage() {
  return <h1>Recuperar senha</h1>;
}
