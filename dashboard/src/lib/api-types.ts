/**
 * The query API's answers, as the dashboard reads them. Derived from the schemas the API validates
 * and publishes (type-only imports: nothing of the warehouse package reaches any bundle), so a shape
 * change shows up here as a type error instead of a blank chart.
 */
export type {
  AttributionResult,
  Figure as AttributionFigure,
  LabelledCompareResult as CompareResult,
  LabelledCompareSlice as CompareSlice,
  LabelledMetricsResult as MetricsResult,
  PublishedMetricsRow as MetricsRow,
  LabelFreshness,
  LangfuseWriteback,
  FeedbackEventDetail,
  FeedbackReasonsResult,
  FeedbackTargetsResult,
  LabelAgreementCell,
  LabelAgreementResult,
  LabelAgreementSamplesResult,
  RejectedResult,
  ResponseDetail,
  ResponseFacts,
  Sample,
  SamplesResult,
  ToolCallDetail,
  ToolRow,
  ToolsResult,
} from "@answerscope/warehouse";
