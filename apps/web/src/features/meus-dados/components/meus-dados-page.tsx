import { PerfilInvalido } from '@/components/membro/perfil-invalido';
import { PageHeader } from '@/components/page-header';
import { usePerfilAutenticado } from '@/lib/membro';
import { SecaoAcessos } from './secao-acessos';
import { SecaoBaixar } from './secao-baixar';
import { SecaoConsentimentos } from './secao-consentimentos';
import { SecaoCorrecao } from './secao-correcao';

/**
 * 'Meus dados' (issue 8, LGPD art. 18, decision 0019): download everything the portal holds,
 * consents and their revocation, sign-ins and open sessions, and a request to correct data.
 */
export function MeusDadosPage() {
  const perfil = usePerfilAutenticado();
  return (
    <div>
      <PageHeader title="Meus dados">
        <p className="max-w-3xl text-slate-700">
          Veja e baixe os dados que guardamos sobre você, gerencie as autorizações que você deu e os aparelhos
          conectados à sua conta, e peça a correção de um dado.
        </p>
      </PageHeader>
      {perfil ? (
        <div className="max-w-3xl space-y-8">
          <SecaoBaixar />
          <SecaoConsentimentos />
          <SecaoAcessos />
          <SecaoCorrecao />
        </div>
      ) : (
        <PerfilInvalido />
      )}
    </div>
  );
}
