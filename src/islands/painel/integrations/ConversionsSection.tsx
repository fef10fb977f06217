// Integrações → the conversions sent back to the ad platforms: the measurement basis, then Meta's and
// Google's cards (Google's with its offline-conversion file). Requests of their own, so a slow or failed
// answer leaves the other integrations' cards as they are.
import type { ConversionSummary, MeasurementSettings } from '../../../domain/conversions';
import { conversionPaths, platformCopy } from '../../../domain/painel/conversions-screen';
import { googleFilePaths, type GoogleFileStatus } from '../../../domain/painel/google-file';
import { ui } from '../styles';
import { RetryAlert } from '../ui';
import { useResource } from '../useResource';
import { BasisCard } from './BasisCard';
import { GoogleFileBlock } from './GoogleFileBlock';
import { PlatformCard } from './PlatformCard';

export default function ConversionsSection({ onOpenLead }: { onOpenLead: (id: string, opener: HTMLElement | null) => void }) {
  const basis = useResource<MeasurementSettings>(conversionPaths.basis);
  const platforms = useResource<ConversionSummary[]>(conversionPaths.summary);
  const file = useResource<GoogleFileStatus>(googleFilePaths.status);
  const fileStatus = file.state.phase === 'ready' ? file.state.data : null;
  return (
    <div className="grid gap-5" data-testid="conversoes">
      <div className="grid gap-1">
        <h3 className={`${ui.subheading} ${ui.wrap}`}>{platformCopy.title}</h3>
        <p className={`text-slate-700 ${ui.wrap}`}>{platformCopy.intro}</p>
      </div>
      {basis.state.phase === 'loading' && <p role="status" className="text-slate-600">Carregando…</p>}
      {basis.state.phase === 'error' && <RetryAlert error={basis.state.error} onRetry={() => void basis.reload()} />}
      {basis.state.phase === 'ready' && <BasisCard settings={basis.state.data} onSaved={basis.replace} />}
      {platforms.state.phase === 'error' && <RetryAlert error={platforms.state.error} onRetry={() => void platforms.reload()} />}
      {platforms.state.phase === 'ready' && platforms.state.data.map((s) => (
        <PlatformCard key={s.platform} summary={s} onOpenLead={onOpenLead} configured={s.enabled || (s.platform === 'google' && fileStatus?.linked === true)}>
          {s.platform === 'google' && (
            <>
              {file.state.phase === 'error' && <RetryAlert error={file.state.error} onRetry={() => void file.reload()} />}
              {fileStatus && <GoogleFileBlock status={fileStatus} onStatus={file.replace} />}
            </>
          )}
        </PlatformCard>
      ))}
    </div>
  );
}
