import { isRate, SF2_CERTIFICATION, SF2_LEGEND, summaryFigure, SUMMARY_ROWS, type Sf2Form, type Sf2Mark } from '@domain/sf2';

const edge = 'border border-gray-300 px-1 py-0.5';
const cell = `${edge} text-center`;
/**
 * No. and the learner's name stay in place while the days scroll sideways under them: both sticky, the name just
 * right of No.'s fixed 2rem (each row gives them its own background so the days do not show through).
 */
const noCol = `${cell} sticky left-0 z-10 w-8 min-w-[2rem] max-w-[2rem]`;
const nameCol = `${edge} sticky left-8 z-10 min-w-[9rem] text-left sm:min-w-[12rem]`;

function Mark({ mark }: { mark: Sf2Mark }) {
  if (mark === null) return <td className={`${cell} bg-gray-100`} aria-label="Not on the roll" />;
  if (mark === 'x')
    return (
      <td className={`${cell} font-semibold text-red-700`} aria-label="Absent">
        x
      </td>
    );
  if (mark === 'T')
    // The form's tardy mark: the upper half shaded.
    return <td className={`${cell} bg-[linear-gradient(to_bottom,#7f7f7f_50%,transparent_50%)]`} aria-label="Tardy" />;
  return <td className={cell} aria-label="Present" />;
}

/** A form's header on screen: label and value pairs, three to a row on wide screens. */
export function FormHeader({ items }: { items: Array<[label: string, value: string]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-wrap gap-2">
          <dt className="text-gray-500">{label}:</dt>
          <dd className="min-w-0 font-medium text-gray-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The form on screen: the grid (scrolls sideways in its own box) and the month's summary. */
export function Sf2Grid({ form }: { form: Sf2Form }) {
  const h = form.header;
  return (
    <div className="space-y-4">
      <FormHeader
        items={[
          ['School ID', h.schoolId || '-'],
          ['School Year', h.schoolYear],
          ['Report for the Month of', h.monthName],
          ['Name of School', h.schoolName],
          ['Grade Level', h.gradeLevel],
          ['Section', h.section],
        ]}
      />
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="min-w-full border-collapse text-xs">
          <caption className="sr-only">School Form 2 attendance grid</caption>
          <thead>
            <tr>
              <th scope="col" className={`${noCol} bg-white`}>
                No.
              </th>
              <th scope="col" className={`${nameCol} bg-white`}>
                Learner&apos;s Name
              </th>
              {form.days.map((d) => (
                <th key={d.date} scope="col" className={`${cell} min-w-[2rem]`}>
                  <span className="block">{d.dayOfMonth}</span>
                  <span className="block font-normal text-gray-600">{d.letter}</span>
                </th>
              ))}
              <th scope="col" className={cell}>
                Absent
              </th>
              <th scope="col" className={cell}>
                Tardy
              </th>
              <th scope="col" className={`${edge} min-w-[10rem] text-left`}>
                Remarks
              </th>
            </tr>
          </thead>
          {form.groups.map((g) => (
            <tbody key={g.sex}>
              {g.learners.map((l, i) => (
                <tr key={l.studentId}>
                  <td className={`${noCol} bg-white`}>{i + 1}</td>
                  <th scope="row" className={`${nameCol} bg-white font-normal`}>
                    {l.name}
                  </th>
                  {l.marks.map((m, j) => (
                    <Mark key={form.days[j]!.date} mark={m} />
                  ))}
                  <td className={cell}>{l.absent}</td>
                  <td className={cell}>{l.tardy}</td>
                  <td className={`${edge} text-left`}>{l.remarks}</td>
                </tr>
              ))}
              <tr className="bg-gray-50 font-semibold">
                <td className={`${noCol} bg-gray-50`} />
                <th scope="row" className={`${nameCol} bg-gray-50`}>
                  {g.label} | TOTAL Per Day
                </th>
                {g.presentPerDay.map((n, j) => (
                  <td key={form.days[j]!.date} className={cell}>
                    {n ?? ''}
                  </td>
                ))}
                <td className={cell} colSpan={3} />
              </tr>
            </tbody>
          ))}
          <tfoot>
            <tr className="bg-gray-100 font-semibold">
              <td className={`${noCol} bg-gray-100`} />
              <th scope="row" className={`${nameCol} bg-gray-100`}>
                Combined TOTAL PER DAY
              </th>
              {form.combinedPerDay.map((n, j) => (
                <td key={form.days[j]!.date} className={cell}>
                  {n ?? ''}
                </td>
              ))}
              <td className={cell} colSpan={3} />
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-gray-600">{SF2_LEGEND}</p>
      <div className="max-w-xl overflow-x-auto rounded-lg bg-white p-4 shadow-sm">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold text-gray-900">
            Summary for the Month ({form.summary.schoolDays} days of classes)
          </caption>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="text-left font-medium">
                &nbsp;
              </th>
              <th scope="col" className="px-2 font-medium">
                M
              </th>
              <th scope="col" className="px-2 font-medium">
                F
              </th>
              <th scope="col" className="px-2 font-medium">
                TOTAL
              </th>
            </tr>
          </thead>
          <tbody>
            {SUMMARY_ROWS.map(([key, label]) => {
              const v = form.summary[key] as { male: number | null; female: number | null; total: number | null };
              return (
                <tr key={key} className="border-t border-gray-100">
                  <th scope="row" className="py-1 pr-2 text-left font-normal">
                    {label}
                  </th>
                  {[v.male, v.female, v.total].map((n, i) => (
                    <td key={i} className="px-2 text-center">
                      {summaryFigure(n, isRate(key))}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="mt-4 space-y-1 text-sm text-gray-800">
          <p>{SF2_CERTIFICATION.statement}</p>
          <p className="pt-4 font-semibold">{form.certification.adviser ?? '____________________'}</p>
          <p className="text-xs text-gray-600">{SF2_CERTIFICATION.adviser}</p>
          <p className="pt-3">{SF2_CERTIFICATION.attested}</p>
          <p className="pt-2 font-semibold">{form.certification.schoolHead ?? '____________________'}</p>
          <p className="text-xs text-gray-600">{SF2_CERTIFICATION.head}</p>
        </div>
      </div>
    </div>
  );
}
