import { useState } from 'react';
import { useCheckEvidence, useSaveEvidence } from '../api/evidence';
import type { EvidenceKind } from '../api/evidence-types';
import { missingOrionRoles, uploadFiles, withOrionFiles, withSwingbenchFiles, type EvidenceUpload, type OrionFiles } from '../lib/evidence';
import type { UploadProgress } from '../lib/upload';

const complete = (upload: EvidenceUpload): boolean => (upload.kind === 'orion' ? missingOrionRoles(upload.files).length === 0 : upload.files.length > 0);

/** The upload form's state: the kind, the files chosen (ORION's under their roles), the existing system,
 * the check of a complete set (run again whenever the set changes) and its save, with the body's
 * progress. */
export function useEvidenceUpload(team: number | null) {
  const [kind, setKind] = useState<EvidenceKind>('orion');
  const [orionFiles, setOrionFiles] = useState<OrionFiles>({});
  const [results, setResults] = useState<File[]>([]);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [system, setSystem] = useState<number | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const check = useCheckEvidence();
  const save = useSaveEvidence();

  const upload: EvidenceUpload =
    kind === 'orion' ? { kind, files: orionFiles, team, existingSystem: system } : { kind, files: results, team, existingSystem: system };

  /** Read the set again whenever it changes; an incomplete set has no preview. */
  const recheck = (next: EvidenceUpload) => {
    check.reset();
    if (!complete(next)) return;
    setProgress(null);
    check.mutate({ ...next, onProgress: setProgress });
  };
  const setFiles = (next: EvidenceUpload) => {
    if (next.kind === 'orion') setOrionFiles(next.files);
    else setResults([...next.files]);
    recheck(next);
  };
  const choose = (chosen: File[]) => {
    if (!chosen.length) return;
    save.reset();
    if (upload.kind === 'orion') {
      const next = withOrionFiles(upload.files, chosen);
      setIgnored(next.ignored);
      setFiles({ ...upload, files: next.files });
    } else {
      setIgnored([]);
      setFiles({ ...upload, files: withSwingbenchFiles(upload.files, chosen) });
    }
  };
  const remove = (file: File) =>
    setFiles(
      upload.kind === 'orion'
        ? { ...upload, files: Object.fromEntries(Object.entries(upload.files).filter(([, f]) => f !== file)) as OrionFiles }
        : { ...upload, files: upload.files.filter((f) => f !== file) },
    );
  const clear = () => {
    check.reset();
    setOrionFiles({});
    setResults([]);
    setIgnored([]);
    setProgress(null);
  };
  const switchKind = (next: EvidenceKind) => {
    clear();
    save.reset();
    setKind(next);
  };
  const store = () => {
    if (!check.data) return;
    setProgress(null);
    save.mutate({ ...upload, onProgress: setProgress }, { onSuccess: clear });
  };

  return {
    upload,
    files: uploadFiles(upload),
    missing: upload.kind === 'orion' ? missingOrionRoles(upload.files) : [],
    ignored,
    system,
    setSystem,
    progress,
    check,
    save,
    busy: check.isPending || save.isPending,
    choose,
    remove,
    clear,
    switchKind,
    store,
  };
}
