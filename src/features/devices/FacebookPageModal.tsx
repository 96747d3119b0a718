import { useId } from 'react';
import type { School } from '@domain/schools';
import { revealPageToken } from './facebook-pages-api';
import { saveFacebookPage } from './actions';
import {
  emptyFacebookPageForm,
  facebookPageToForm,
  type FacebookPage,
  type FacebookPageForm,
} from '@domain/devices/facebook-pages';
import { SelectField, TextField, useFormState, FormDialog } from '@kit';
import { consoleSchoolValue } from '@kit/console/scope';
import { SecretField } from './SecretField';

/** Facebook page dialog: Page ID, Page Name, Page Access Token (masked), School, Active, setup instructions. */
export function FacebookPageModal({
  page,
  schools,
  onClose,
  onSaved,
}: {
  page: FacebookPage | null;
  schools: School[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const formId = useId();
  const form = useFormState<FacebookPageForm>(
    page ? facebookPageToForm(page) : { ...emptyFacebookPageForm(), schoolId: consoleSchoolValue() },
  );
  const close = () => !form.saving && onClose();

  async function submit() {
    const result = await form.submit(() => saveFacebookPage(form.values, page));
    if (result?.ok) {
      onSaved();
      onClose();
    }
  }

  return (
    <FormDialog
      open
      onClose={close}
      title={page ? 'Edit Facebook Page' : 'Add Facebook Page'}
      size="lg"
      formId={formId}
      onSubmit={submit}
      submitLabel={page ? 'Update Page' : 'Add Page'}
      saving={form.saving}
      message={form.message}
      formClassName="grid gap-4 sm:grid-cols-2"
      bannerClassName="sm:col-span-2"
    >
      <TextField
        label="Facebook Page ID"
        required
        data-autofocus
        inputMode="numeric"
        placeholder="e.g. 104512345678901"
        disabled={form.saving}
        {...form.bind('pageId')}
      />
      <TextField label="Page Name" required disabled={form.saving} {...form.bind('pageName')} />
      <div className="sm:col-span-2">
        <SecretField
          label="Page Access Token"
          required={!page}
          value={form.values.accessToken}
          onChange={(accessToken) => form.set({ accessToken })}
          error={form.errors.accessToken}
          disabled={form.saving}
          hint={page ? `Leave blank to keep the current token (${page.accessToken}).` : undefined}
          fetchStored={page ? async (password) => (await revealPageToken(page.id, password)).accessToken : undefined}
        />
      </div>
      <SelectField
        label="School"
        required
        placeholder="Select a school"
        disabled={form.saving}
        options={schools.map((s) => ({ value: String(s.id), label: s.name }))}
        {...form.bind('schoolId')}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
          checked={form.values.isActive}
          disabled={form.saving}
          onChange={(e) => form.set({ isActive: e.target.checked })}
        />
        Active
      </label>
      <div className="rounded-md bg-blue-50 p-3 text-sm text-blue-900 sm:col-span-2">
        <p className="font-medium">Setup instructions</p>
        <ol className="mt-1 list-decimal space-y-0.5 pl-5">
          <li>Create an app at developers.facebook.com.</li>
          <li>Add the Messenger product to the app.</li>
          <li>Generate a Page Access Token for your page.</li>
          <li>Make sure the page has messaging permissions (pages_messaging).</li>
        </ol>
      </div>
    </FormDialog>
  );
}
