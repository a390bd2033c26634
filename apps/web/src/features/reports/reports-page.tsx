import { ChartColumn } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /reporting: the reports there are, each with what it answers. */
export function ReportsPage() {
  useDocumentTitle();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Reports</h1>
      <p className="mt-2 max-w-prose text-slate-600">
        Figures to take to a governance meeting, each with a CSV for your own analysis and a PDF to circulate.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        <li>
          <Link
            to="/reporting/workforce-performance"
            className="focus-ring flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-5 hover:border-brand-400 hover:bg-brand-50/40"
          >
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <ChartColumn aria-hidden="true" className="size-5 text-brand-700" />
              Workforce performance
            </span>
            <span className="text-slate-600 text-sm">
              Who uses Verity and how often, by person and by team: adoption over time, onboarding, each tool’s use and the hours saved.
            </span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
