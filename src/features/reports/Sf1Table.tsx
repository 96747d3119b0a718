import { FormHeader } from './Sf2Grid';
import { SF1_CERTIFICATION, SF1_COLUMNS, SF1_REMARKS_LEGEND, sf1Date, type Sf1Form } from '@domain/sf1';

const cell = 'border border-gray-300 px-1.5 py-0.5 text-left align-top';
const NAME = 1;
const total = (form: Sf1Form) => form.groups.reduce((n, g) => n + g.learners.length, 0);

/**
 * School Form 1 on screen: the header, the register (scrolls sideways in its own box with the names column in
 * place), the REMARKS codes, the registered learners at BoSY and EoSY, and who signs.
 */
export function Sf1Table({ form }: { form: Sf1Form }) {
  const h = form.header;
  const groups = SF1_COLUMNS.map(([group]) => group);
  const totalRow = (label: string, count: number, key: string) => (
    <tr key={key} className="bg-gray-50 font-semibold">
      <td className={cell}>{count}</td>
      <th scope="row" className={`${cell} sticky left-0 bg-gray-50`}>
        {label}
      </th>
      <td className={cell} colSpan={SF1_COLUMNS.length - 2} />
    </tr>
  );
  return (
    <div className="space-y-4">
      <FormHeader
        items={[
          ['School ID', h.schoolId || '-'],
          ['School Name', h.schoolName],
          ['School Year', h.schoolYear],
          ['Grade Level', h.gradeLevel],
          ['Section', h.section],
        ]}
      />
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="min-w-full border-collapse text-xs">
          <caption className="sr-only">School Form 1 school register</caption>
          <thead>
            <tr>
              {SF1_COLUMNS.map(([group, heading], i) =>
                group == null ? (
                  <th
                    key={heading}
                    scope="col"
                    rowSpan={2}
                    className={`${cell} ${i === NAME ? 'sticky left-0 z-10 min-w-[12rem] bg-white' : 'min-w-[5rem]'}`}
                  >
                    {heading}
                  </th>
                ) : groups[i - 1] !== group ? (
                  <th
                    key={group}
                    scope="colgroup"
                    colSpan={groups.filter((g) => g === group).length}
                    className={`${cell} text-center`}
                  >
                    {group}
                  </th>
                ) : null,
              )}
            </tr>
            <tr>
              {SF1_COLUMNS.filter(([group]) => group != null).map(([, heading]) => (
                <th key={heading} scope="col" className={`${cell} min-w-[7rem]`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          {form.groups.map((g) => (
            <tbody key={g.sex}>
              {g.learners.map((l) => (
                <tr key={l.studentId}>
                  {SF1_COLUMNS.map(([, heading, value], i) =>
                    i === NAME ? (
                      <th key={heading} scope="row" className={`${cell} sticky left-0 bg-white font-normal`}>
                        {value(l)}
                      </th>
                    ) : (
                      <td key={heading} className={`${cell} ${i === SF1_COLUMNS.length - 1 ? 'min-w-[10rem]' : ''}`}>
                        {value(l)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
              {totalRow(`<=== TOTAL ${g.label}`, g.learners.length, 'total')}
            </tbody>
          ))}
          <tfoot>{totalRow('<=== COMBINED', total(form), 'combined')}</tfoot>
        </table>
      </div>
      <p className="text-xs text-gray-600">{SF1_REMARKS_LEGEND}</p>
      <div className="flex flex-wrap gap-6 rounded-lg bg-white p-4 shadow-sm">
        <table className="text-sm">
          <caption className="mb-2 text-left font-semibold text-gray-900">Registered learners</caption>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="pr-4 text-left font-medium">
                &nbsp;
              </th>
              <th scope="col" className="px-3 font-medium">
                BoSY ({sf1Date(form.dates.bosy)})
              </th>
              <th scope="col" className="px-3 font-medium">
                EoSY ({sf1Date(form.dates.eosy)})
              </th>
            </tr>
          </thead>
          <tbody>
            {(['male', 'female', 'total'] as const).map((k) => (
              <tr key={k} className="border-t border-gray-100">
                <th scope="row" className="py-1 pr-4 text-left font-normal uppercase">
                  {k}
                </th>
                <td className="px-3 text-center">{form.registered.bosy[k]}</td>
                <td className="px-3 text-center">{form.registered.eosy[k]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="grid gap-6 text-sm text-gray-800 sm:grid-cols-2">
          {[
            [SF1_CERTIFICATION.prepared, form.certification.adviser, SF1_CERTIFICATION.adviser],
            [SF1_CERTIFICATION.certified, form.certification.schoolHead, SF1_CERTIFICATION.head],
          ].map(([label, name, role]) => (
            <div key={label} className="space-y-1">
              <p>{label}</p>
              <p className="pt-3 font-semibold">{name ?? '____________________'}</p>
              <p className="text-xs text-gray-600">{role}</p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
