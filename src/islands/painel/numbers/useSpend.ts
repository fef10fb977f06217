// Gastos com anúncios' requests: the view (imports and campaign map), a file sent as it is, an undo and one
// mapping's save. The file goes as its raw bytes with its name URL-encoded in a header: a phone's file
// picker gives a File, sent without reading it into memory first.
import {
  FILE_NAME_HEADER, spendPaths, type CampaignSave, type CampaignSaved, type SpendImported, type SpendUndone, type SpendView,
} from '../../../domain/painel/spend';
import { request } from '../api';
import { useResource } from '../useResource';

export function useSpend() {
  return useResource<SpendView>(spendPaths.spend);
}

export const uploadSpendFile = (file: File) =>
  request<SpendImported>(spendPaths.spend, {
    method: 'POST',
    // Always octet-stream, whatever the picker says (a phone often says nothing): the bytes arrive as they are
    // (SPEND_UPLOAD_MAX_BYTES says why).
    raw: { body: file, headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: encodeURIComponent(file.name) } },
  });

export const undoSpendImport = (id: string) => request<SpendUndone>(spendPaths.undo(id), { method: 'POST', body: {} });

export const saveCampaign = (save: CampaignSave) => request<CampaignSaved>(spendPaths.campaigns, { method: 'POST', body: save });
