import { useId } from 'react';
import type { School } from '@domain/schools';
import { revealSmsDeviceKey } from './sms-devices-api';
import { saveSmsDevice } from './actions';
import {
  emptySmsDeviceForm,
  SEND_RATE,
  SMS_DEVICE_MESSAGES,
  SMS_DEVICE_STATUS_LABELS,
  SMS_DEVICE_STATUSES,
  smsDeviceToForm,
  type SmsDevice,
  type SmsDeviceForm,
} from '@domain/devices/sms-devices';
import { SelectField, TextAreaField, TextField, useFormState, FormDialog } from '@kit';
import { consoleSchoolValue, isAdminConsole } from '@kit/console/scope';
import { SecretField } from './SecretField';

/** Device dialog: every device field; 'Add Device' or 'Update Device'. The parent remounts it per opening. */
export function SmsDeviceModal({
  device,
  schools,
  onClose,
  onSaved,
}: {
  device: SmsDevice | null;
  schools: School[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const formId = useId();
  const form = useFormState<SmsDeviceForm>(
    device ? smsDeviceToForm(device) : { ...emptySmsDeviceForm(), schoolId: consoleSchoolValue() },
  );
  const close = () => !form.saving && onClose();

  async function submit() {
    const result = await form.submit(() => saveSmsDevice(form.values, device));
    if (result?.ok) {
      onSaved();
      onClose();
    }
  }

  const disabled = form.saving;
  return (
    <FormDialog
      open
      onClose={close}
      title={device ? 'Edit SMS Device' : 'Add SMS Device'}
      size="lg"
      formId={formId}
      onSubmit={submit}
      submitLabel={device ? 'Update Device' : 'Add Device'}
      saving={form.saving}
      message={form.message}
      formClassName="grid gap-4 sm:grid-cols-2"
      bannerClassName="sm:col-span-2"
    >
      <TextField
        label="Device Name"
        required
        data-autofocus
        placeholder="e.g. Main Gate SMS"
        disabled={disabled}
        {...form.bind('name')}
      />
      <TextField
        label="Physical Device Name"
        required
        placeholder="e.g. Samsung Galaxy A14"
        disabled={disabled}
        {...form.bind('deviceName')}
      />
      <TextField
        label="Phone Number"
        required
        type="tel"
        placeholder="+639171234567"
        disabled={disabled}
        {...form.bind('phoneNumber')}
      />
      <SecretField
        label="API Key"
        required={!device}
        value={form.values.apiKey}
        onChange={(apiKey) => form.set({ apiKey })}
        error={form.errors.apiKey}
        disabled={disabled}
        hint={
          device
            ? `Leave blank to keep the current key (${device.apiKey}).`
            : 'The httpSMS API key of the account the phone is signed in to.'
        }
        fetchStored={device ? async (password) => (await revealSmsDeviceKey(device.id, password)).apiKey : undefined}
      />
      <TextAreaField label="Description" rows={2} className="sm:col-span-2" disabled={disabled} {...form.bind('description')} />
      <SelectField
        label="Assign to School"
        disabled={disabled}
        options={[
          // A school admin's devices are their school's: no global choice there.
          ...(isAdminConsole() ? [] : [{ value: '', label: 'Global (All Schools)' }]),
          ...schools.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        {...form.bind('schoolId')}
      />
      <SelectField
        label="Status"
        disabled={disabled}
        options={SMS_DEVICE_STATUSES.map((s) => ({ value: s, label: SMS_DEVICE_STATUS_LABELS[s] }))}
        {...form.bind('status')}
      />
      <TextField
        label="Daily Limit"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        hint="Messages per day; empty or 0 for no limit."
        disabled={disabled}
        {...form.bind('dailyLimit')}
      />
      <TextField
        label="Send Rate (messages per minute)"
        type="number"
        min={SEND_RATE.min}
        max={SEND_RATE.max}
        step={1}
        inputMode="numeric"
        hint={SMS_DEVICE_MESSAGES.sendRateHint}
        disabled={disabled}
        {...form.bind('sendRatePerMinute')}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
          checked={form.values.isDefault}
          disabled={disabled}
          onChange={(e) => form.set({ isDefault: e.target.checked })}
        />
        Set as default device
      </label>
    </FormDialog>
  );
}
