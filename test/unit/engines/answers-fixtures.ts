// Valid stored answers for each card (Record<questionKey, string[]>, one string per repeat).
export type AnswerMap = Record<string, string[]>;

export const COMPANY: AnswerMap = {
  company_name: ["苏州某印染有限公司"],
  industry: ["dyeing"],
  province: ["jiangsu"],
  city: ["苏州"],
  assessment_date: ["2026-11-02"],
};

/** Two motors: a 55 kW grade-3 motor (T1-like) and a throttled pump (T4-like). */
export function motorAnswers(): AnswerMap {
  return {
    ...structuredClone(COMPANY),
    electricity_price: ["0.70"],
    motor_name: ["1#空压机电机", "2#循环水泵"],
    motor_quantity: ["1", "1"],
    motor_rated_kw: ["55", "37"],
    motor_rated_speed_rpm: ["1480", "1475"],
    motor_efficiency_class: ["gb2020_3", "ye3"],
    motor_nameplate_efficiency_pct: ["", ""],
    motor_rewound: ["no", "no"],
    motor_annual_hours: ["6000", "6000"],
    motor_load_factor_pct: ["75", ""],
    motor_measured_input_kw: ["", "25.7"],
    motor_drive: ["direct", "direct"],
    motor_vfd_present: ["no", "no"],
    motor_application: ["constant_torque", "pump"],
    motor_flow_control: ["", "throttle_valve"],
    pump_design_flow_m3h: ["", "200"],
    pump_design_head_m: ["", "40"],
    pump_bep_efficiency_pct: ["", "78"],
    pump_static_head_m: ["", "15"],
    flow_bin1_pct: ["", "70"],
    flow_bin1_time_pct: ["", "100"],
    quote_motor_grade1_yuan: ["16500", ""],
    quote_vfd_yuan: ["", "25000"],
  };
}

export function stenterAnswers(): AnswerMap {
  return {
    ...structuredClone(COMPANY),
    stenter_heating: ["thermal_oil_gas"],
    heater_efficiency_pct: ["85"],
    fuel_price: ["3.5"],
    electricity_price: ["0.7"],
    stenter_name: ["1#定型机"],
    stenter_annual_hours: ["6000"],
    stenter_annual_fuel: ["900000"],
    exhaust_flow_m3h: ["15000"],
    exhaust_flow_basis: ["actual"],
    exhaust_temp_c: ["160"],
    exhaust_humidity_kg_kg: ["0.10"],
    cold_inlet_temp_c: ["25"],
    hx_effectiveness_pct: ["60"],
    hx_pressure_drop_pa: ["300"],
    exhaust_fan_efficiency_pct: ["65"],
    recovery_investment_yuan: ["800000"],
  };
}

export function electricityAnswers(): AnswerMap {
  return {
    ...structuredClone(COMPANY),
    tariff_category: ["two_part"],
    price_mode: ["components"],
    floating_base_price: ["0.40"],
    non_floating_price: ["0.25"],
    funds_per_kwh: ["0.03"],
    transformer_kva: ["2000"],
    basic_basis: ["capacity"],
    capacity_price: ["22.6"],
    demand_price: ["36.1"],
    demand_discount_260: ["no"],
    pf_standard: ["pf_090"],
    bill_month: ["2026-07", "2026-08"],
    bill_kwh_peak: ["430000", "440000"],
    bill_kwh_flat: ["350000", "345000"],
    bill_kwh_valley: ["190000", "200000"],
    bill_kvarh: ["450000", "300000"],
    bill_max_demand_kw: ["1800", "1750"],
    operating_days: ["330"],
    shiftable_share_pct: ["10"],
    storage_power_kw: ["1000"],
    storage_energy_kwh: ["2000"],
    storage_capex_yuan: ["2000000"],
  };
}
