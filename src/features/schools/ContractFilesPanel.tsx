import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, ErrorBanner, LoadingState, useConfirm, useListResource } from '@kit';
import { fetchContractFiles } from './contract-files-api';
import type { ContractFile } from '@domain/schools';
import { addContractFiles, removeContractFile } from './actions';
import { CONTRACT_FILE_EXTENSIONS, fileUrl, formatFileSize } from '@domain/files';
import { formatDateTime } from '@kit/text/format';

const ACCEPT = CONTRACT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** A school's contract files: list, upload several at once, delete after 'Delete this contract file?'. */
export function ContractFilesPanel({ schoolId }: { schoolId: number }) {
  const files = useListResource((signal) => fetchContractFiles(schoolId, signal), String(schoolId));
  const { confirm, dialog } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [chosen, setChosen] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function upload(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    const result = await addContractFiles(schoolId, chosen);
    setBusy(false);
    if (!result.ok) {
      setError(result.message ?? Object.values(result.errors)[0] ?? null);
      return;
    }
    setError(null);
    setNotice(result.message);
    setChosen([]);
    if (input.current) input.current.value = '';
    files.reload();
  }

  async function remove(file: ContractFile) {
    if (!(await confirm({ title: 'Delete Contract File', message: 'Delete this contract file?', confirmLabel: 'Delete' })))
      return;
    const result = await removeContractFile(file.id);
    if (!result.ok) {
      setError(result.message ?? Object.values(result.errors)[0] ?? null);
      return;
    }
    setError(null);
    setNotice(result.message);
    files.reload();
  }

  const list = files.data ?? [];
  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-3">
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-gray-900">
        Contract Files
      </h3>
      <ErrorBanner message={error ?? files.error} onDismiss={error ? () => setError(null) : undefined} />
      {notice ? (
        <p role="status" className="text-sm text-brand-700">
          {notice}
        </p>
      ) : null}
      {files.loading && !files.data ? <LoadingState rows={2} /> : null}
      {files.data && list.length === 0 ? <p className="text-sm text-gray-600">No contract files yet.</p> : null}
      {list.length > 0 ? (
        <ul aria-label="Contract files" className="divide-y divide-gray-200 rounded-md border border-gray-200">
          {list.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <div className="min-w-0">
                <a
                  href={fileUrl(f.fileUrl) ?? '#'}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate font-medium text-brand-700 underline"
                >
                  {f.originalName}
                </a>
                <p className="text-xs text-gray-500">
                  {formatFileSize(f.size)} · {formatDateTime(f.createdAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={`Delete ${f.originalName}`}
                onClick={() => void remove(f)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={upload} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
            Add contract files
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT}
            aria-describedby={`${inputId}-hint`}
            onChange={(e) => setChosen(Array.from(e.target.files ?? []))}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-gray-200"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-500">
            PDF, DOC, DOCX, JPG, JPEG, PNG or GIF; several at once; max 10 MB each.
          </p>
        </div>
        <Button type="submit" variant="secondary" loading={busy} disabled={chosen.length === 0}>
          Upload
        </Button>
      </form>
      {dialog}
    </section>
  );
}
